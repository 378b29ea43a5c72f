import { orderEntity } from "../../functions/orders/entity";
import { packedHours } from "../../src/domain/orders/pickup-point";
import { ORDER_PICKUP_POINT } from "../fixtures/pickup-point";
import { expect, type Locator, type Page, test } from "./fixtures";
import { customerInOwnContext, expectAxeClean, ownerContext, placeTransferOrder, shopDeps } from "./support";

/**
 * Delivery to a pick-up point (issue 31), as the customer and the owner read it. An order placed by transfer is turned,
 * in the shop's database, into one for a point (the record the server writes when the checkout sends a point: the
 * point as La Poste's search found it, its hours one string a day, the customer's mobile): this spec checks what the
 * screens show of it, not the checkout (the checkout's own specs place such orders).
 *
 * The customer reads « Point relais » with the point's name and address, the mobile La Poste texts, and the week's
 * hours folded in a <details>, on « Mes commandes » and on the tracking page (instead of the delivery address). The
 * owner reads a « Point relais » badge on the order's line, and once the card is opened the point's name, identifier,
 * address and the customer's mobile. The « Livraison » settings card has the two relay prices.
 */
test.use({ serviceWorkers: "block" });

const POINT = { ...ORDER_PICKUP_POINT, id: "P31A01", address_line2: "Galerie marchande" };

const SMS = "Vous recevrez un SMS au 06 12 34 56 78 dès que votre colis sera disponible.";

/** The « Point relais » block of a customer's screen: name, address, SMS line, hours folded then unfolded. */
async function expectPointShown(page: Page, region: Locator) {
  await expect(region.getByRole("heading", { name: "Point relais" })).toBeVisible();
  for (const line of ["Tabac de la Gare", "2 rue Colbert", "Galerie marchande", "13001 Marseille"]) {
    await expect(region.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(region).toContainText(SMS);
  const hours = region.getByText("Horaires d'ouverture", { exact: true });
  await expect(region.getByText("Lundi : 9 h – 12 h, 14 h – 18 h 30")).toBeHidden();
  await hours.click();
  await expect(region.getByText("Lundi : 9 h – 12 h, 14 h – 18 h 30")).toBeVisible();
  await expect(region.getByText("Samedi : 9 h – 12 h 30")).toBeVisible();
  await expect(region.getByText("Dimanche : fermé")).toBeVisible();
  await page.waitForLoadState("networkidle");
}

test("an order for a pick-up point: « Point relais » on « Mes commandes », the tracking page and the owner's order card", async ({
  browser,
}) => {
  const customer = await customerInOwnContext(browser, "Inès Relais");
  const owner = await ownerContext(browser);
  try {
    const product = (await (await customer.page.request.get("/api/products/1")).json()) as {
      id: number;
      price: number;
    };
    const order = await placeTransferOrder(customer.page.request, {
      product,
      quantity: 1,
      addressId: customer.addressId,
      senderName: customer.fullName,
    });
    const { opening_hours, ...point } = POINT;
    await orderEntity(shopDeps().db)
      .patch({ id: order.id })
      .set({ pickup_point: { ...point, opening_hours: packedHours(opening_hours) } })
      .go();

    // ---- « Mes commandes »: the point under the order's lines.
    const { page } = customer;
    await page.goto("/orders");
    const card = page.getByRole("article", { name: `Commande #${order.order_number}` });
    const cardPoint = card.getByRole("region", { name: "Point relais", exact: true });
    await expectPointShown(page, cardPoint);
    await expect(cardPoint.getByRole("heading", { name: "Point relais" })).toHaveJSProperty("tagName", "H3");

    // ---- The tracking page: the point instead of the delivery address, the mode in the shipping details.
    await page.goto(`/orders/track/${order.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Suivi de commande" })).toBeVisible();
    const tracking = page.getByRole("region", { name: "Point relais", exact: true });
    await expectPointShown(page, tracking);
    await expect(page.getByRole("heading", { name: "Adresse de livraison" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Informations d'expédition" })).toContainText(
      "Livraison en point relais",
    );
    await expectAxeClean(page);

    // ---- The owner: a badge on the order's line, the point and the customer's mobile in the card.
    const admin = await owner.newPage();
    await admin.goto("/admin#commandes");
    const orders = admin.getByRole("tabpanel", { name: "Commandes" });
    await orders.getByRole("searchbox", { name: "Rechercher" }).fill(order.order_number);
    await orders.getByRole("button", { name: "Filtrer" }).click();
    const orderCard = orders.getByRole("article", { name: `Commande #${order.order_number}` });
    await expect(orderCard.getByText("Point relais", { exact: true })).toBeVisible();
    const toggle = orderCard.getByRole("button", { name: new RegExp(`Commande #${order.order_number}`) });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const block = orderCard.getByRole("heading", { name: "Point relais", exact: true }).locator("xpath=..");
    await expect(block).toContainText("Tabac de la Gare");
    await expect(block).toContainText("2 rue Colbert");
    await expect(block).toContainText("13001 Marseille");
    await expect(block).toContainText("P31A01");
    await expect(block).toContainText("06 12 34 56 78");
    await expect(orderCard.getByRole("heading", { name: "Adresse du client" })).toBeVisible();

    // ---- The « Livraison » settings card: the relay's price and threshold, and the fields to change them.
    await admin.goto("/admin#parametres");
    const shipping = admin.getByRole("region", { name: "Livraison", exact: true });
    await expect(shipping).toContainText("Livraison en point relais");
    await expect(shipping).toContainText("Point relais offert dès");
    await shipping.getByRole("button", { name: "Modifier : Livraison" }).click();
    await expect(shipping.getByLabel("Prix de la livraison en point relais (€)")).toBeVisible();
    await expect(shipping.getByLabel("Point relais offert dès (€)")).toBeVisible();
    await expect(shipping).toContainText("une fois la carte « Colissimo » complète");
    await shipping.getByRole("button", { name: "Annuler" }).click();
  } finally {
    await customer.context.close();
    await owner.close();
  }
});

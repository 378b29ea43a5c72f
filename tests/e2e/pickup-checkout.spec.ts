import { LAPOSTE_DOUBLE_CONTRACT, LAPOSTE_DOUBLE_PASSWORD } from "../../scripts/local/laposte-double";
import type { Order } from "../../src/domain/orders/order";
import { pickupMessages } from "../../src/domain/orders/pickup-point";
import { defaultColissimoSetting } from "../../src/domain/settings/colissimo-setting";
import { expect, type Page, test } from "./fixtures";
import { addToCartFromProductPage, expectAxeClean, ownerContext, signedInCustomer } from "./support";

/**
 * Delivery to a pick-up point at the checkout (issue 31), in Chromium, against the whole shop and the La Poste double
 * it runs under LAPOSTE_DOUBLE=1 (its pick-up points: tests/doubles/colissimo.ts pickupPointsFor, five offered for
 * 13001, nearest first). With the « Colissimo » card complete, a customer whose address is in Marseille chooses
 * « Livraison en point relais », searches with the postal code the checkout prefilled, picks the second point with the
 * keyboard only, sees the pick-up price in the totals, and pays by transfer: the order names the point, and « Mes
 * commandes » shows it. With the card incomplete the choice is not there and the checkout is as before. axe finds
 * nothing on the pick-up step.
 */
test.use({ serviceWorkers: "block" });

const nbsp = "\u00a0";
const euros = (value: number) => `${value.toFixed(2).replace(".", ",")}${nbsp}€`;

/** The delivery section of the checkout (step 2). */
const deliverySection = (page: Page) => page.getByRole("region", { name: /Informations de livraison/ });

/** The checkout, its data read: the customer's address chosen, the checkout settings answered. */
async function openCheckout(page: Page) {
  const settings = page.waitForResponse((response) => response.url().endsWith("/api/settings/checkout"));
  await page.goto("/payment");
  await expect(page.getByRole("radio", { name: /5 rue du Four/ })).toBeChecked();
  return (await (await settings).json()) as {
    pickup: { cost: number; free_shipping_threshold: number } | null;
  };
}

test("a pick-up point chosen with the keyboard, priced as such, and named by the order placed by transfer", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerContext(browser);
  const card = (value: typeof defaultColissimoSetting) =>
    owner.request.put("/api/admin/settings/shipping_colissimo", { data: { value } });
  try {
    const saved = await card({
      ...defaultColissimoSetting,
      contract_number: LAPOSTE_DOUBLE_CONTRACT,
      password: LAPOSTE_DOUBLE_PASSWORD,
    });
    expect(saved.ok(), await saved.text()).toBe(true);

    await signedInCustomer(page.request, "Rose Relais");
    await addToCartFromProductPage(page, 1);
    const product = (await (await page.request.get("/api/products/1")).json()) as { price: number };
    const home = (await (await page.request.get("/api/settings/shipping")).json()) as {
      standard_cost: number;
      free_shipping_threshold: number;
    };
    const { pickup } = await openCheckout(page);
    if (!pickup) throw new Error("The checkout settings do not offer delivery to a pick-up point");
    const pickupCost = product.price >= pickup.free_shipping_threshold ? 0 : pickup.cost;
    const homeCost = product.price >= home.free_shipping_threshold ? 0 : home.standard_cost;
    expect(pickupCost, "the journey needs the two prices to differ").not.toBe(homeCost);

    // ---- The choice, home delivery first, each with its price.
    const delivery = deliverySection(page);
    const modes = delivery.getByRole("group", { name: "Mode de livraison" });
    const homeRadio = modes.getByRole("radio", { name: /Livraison à domicile/ });
    const pickupRadio = modes.getByRole("radio", { name: /Livraison en point relais/ });
    await expect(homeRadio).toBeChecked();
    await expect(homeRadio).toHaveAccessibleName(new RegExp(euros(homeCost)));
    await expect(pickupRadio).toHaveAccessibleName(new RegExp(euros(pickupCost)));
    const summary = page.getByRole("complementary", { name: "Récapitulatif de la commande" });
    await expect(summary.getByText(euros(product.price + homeCost))).toBeVisible();

    // ---- Keyboard only from here to the point chosen.
    await homeRadio.focus();
    await page.keyboard.press("ArrowRight");
    await expect(pickupRadio).toBeChecked();
    await expect(pickupRadio).toBeFocused();
    const postalCode = delivery.getByRole("textbox", { name: "Code postal" });
    await expect(postalCode).toHaveValue("13001");
    const mobile = delivery.getByRole("textbox", {
      name: /Téléphone portable \(pour l'avis de mise à disposition\)/,
    });
    // The address's phone is a mobile: it stands in until the customer types another.
    await expect(mobile).toHaveValue("06 11 22 33 44");
    // The totals follow the pick-up point's figures.
    await expect(summary.getByText(euros(product.price + pickupCost))).toBeVisible();
    await expect(
      delivery.getByText(`Frais de port : ${pickupCost === 0 ? "Gratuit" : euros(pickupCost)}`),
    ).toBeVisible();

    await page.keyboard.press("Tab");
    await expect(postalCode).toBeFocused();
    // Typing searches nothing; Enter does, with the address's city as the code is the address's.
    const searches: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/shipping/pickup-points")) searches.push(request.url());
    });
    // (The field's text is selected on Tab: to its end first.)
    await page.keyboard.press("End");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("1");
    await expect(postalCode).toHaveValue("13001");
    await page.waitForTimeout(500);
    expect(searches).toEqual([]);
    const answered = page.waitForResponse((response) =>
      response.url().includes("/api/shipping/pickup-points"),
    );
    await page.keyboard.press("Enter");
    expect((await answered).status()).toBe(200);
    const searched = new URL(searches[0] ?? "http://x/");
    expect(searched.searchParams.get("postal_code")).toBe("13001");
    expect(searched.searchParams.get("city")).toBe("Marseille");

    await expect(delivery.getByRole("status").filter({ hasText: "points relais trouvés" })).toHaveText(
      "5 points relais trouvés.",
    );
    const points = delivery.getByRole("group", { name: "Points relais près de 13001" });
    const options = points.getByRole("radio");
    await expect(options).toHaveCount(5);
    // The keyboard is on the first point, not chosen yet.
    await expect(options.first()).toBeFocused();
    await expect(options.first()).not.toBeChecked();
    await expect(options.first()).toHaveAccessibleName(/Tabac de la Gare.*180 m/);
    // Each point: its address, its distance, its hours folded under « Horaires ».
    const second = points.getByRole("listitem").nth(1);
    await expect(second).toContainText("Bureau de poste Marseille");
    await expect(second).toContainText("1 PLACE DE LA POSTE");
    await expect(second).toContainText("À 420 m");
    await expect(second.getByText("Lundi : 9 h – 12 h, 13 h 30 – 17 h 30")).toBeHidden();
    await page.waitForLoadState("networkidle");
    await expectAxeClean(page);

    await page.keyboard.press("ArrowDown");
    await expect(options.nth(1)).toBeChecked();
    await expect(options.nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    // The list closes on the point chosen, which keeps the keyboard.
    const chosen = delivery.getByRole("heading", { name: "Votre point relais : Bureau de poste Marseille" });
    await expect(chosen).toBeFocused();
    await expect(points).toHaveCount(0);
    await delivery.getByText(/^Horaires/).click();
    await expect(delivery.getByText("Lundi : 9 h – 12 h, 13 h 30 – 17 h 30")).toBeVisible();
    await expect(delivery.getByText("Dimanche : fermé")).toBeVisible();
    await expect(delivery.getByRole("button", { name: "Changer de point relais" })).toBeVisible();
    await expectAxeClean(page);

    // « Changer de point relais » shows the list again, on the point chosen.
    await delivery.getByRole("button", { name: "Changer de point relais" }).click();
    await expect(options.nth(1)).toBeChecked();
    await expect(options.nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(chosen).toBeFocused();

    // ---- The mobile is checked like the rest: a landline is refused, in the spec's order after the point.
    await mobile.fill("04 90 00 00 00");
    await page.getByLabel("Nom de la personne qui effectuera le virement").fill("Rose Relais");
    await page.getByRole("checkbox", { name: /J'ai lu et j'accepte/ }).check();
    const confirm = page.getByRole("button", { name: "Confirmer la commande" });
    await confirm.click();
    await expect(summary.getByRole("alert")).toHaveText(pickupMessages.mobileRequired);
    await mobile.fill("07 12 34 56 78");

    // ---- Placed by transfer: the order names the point and the mobile, priced with the pick-up point's figures.
    const placed = page.waitForResponse(
      (response) => response.url().endsWith("/api/orders") && response.request().method() === "POST",
    );
    await confirm.click();
    const response = await placed;
    expect(response.status(), await response.text()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      delivery_mode: "pickup",
      pickup_point_id: "130012",
      pickup_phone: "07 12 34 56 78",
      total_amount: Math.round((product.price + pickupCost) * 100) / 100,
    });
    const { order } = (await response.json()) as { order: Order };
    expect(order).toMatchObject({
      delivery_mode: "pickup",
      shipping_amount: pickupCost,
      pickup_point: { id: "130012", name: "Bureau de poste Marseille", phone: "+33712345678" },
    });
    await expect(page.getByRole("heading", { name: "Commande Enregistrée !" })).toBeVisible({
      timeout: 10_000,
    });
    // The confirmation names the point, as the mail, « Mes commandes » and the tracking page do.
    const confirmation = page.getByRole("region", { name: "Point relais" });
    await expect(confirmation.getByText("Bureau de poste Marseille", { exact: true })).toBeVisible();
    await expect(confirmation.locator("address")).toContainText("13001");

    // « Mes commandes »: the point, instead of the delivery address.
    await expect(page).toHaveURL(/\/orders\/?$/, { timeout: 8000 });
    const placedCard = page.getByRole("article", { name: `Commande #${order.order_number}` });
    await expect(placedCard.getByRole("heading", { name: "Point relais" })).toBeVisible();
    await expect(placedCard.getByText("Bureau de poste Marseille", { exact: true })).toBeVisible();
  } finally {
    await card(defaultColissimoSetting);
    await owner.close();
  }
});

test("with the « Colissimo » card incomplete, the checkout offers home delivery only, as before", async ({
  page,
}) => {
  await signedInCustomer(page.request, "Paul Domicile");
  await addToCartFromProductPage(page, 1);
  const { pickup } = await openCheckout(page);
  expect(pickup).toBeNull();
  const delivery = deliverySection(page);
  await expect(delivery.getByText(/Frais de port : \d/)).toBeVisible();
  await expect(delivery.getByRole("group", { name: "Mode de livraison" })).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /point relais/ })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: /Téléphone portable/ })).toHaveCount(0);
});

import type { Browser, BrowserContext } from "@playwright/test";
import { FRENCH_ADDRESS } from "../support/addresses";
import { expect, test } from "./fixtures";
import {
  type CustomerInContext,
  customerInOwnContext,
  ownerContext,
  placeTransferOrder,
  updateOrderAsOwner,
} from "./support";

/**
 * The withdrawal function (Code de la consommation L221-21; issue 15) in Chromium: from an order of « Mes commandes »
 * signed in, and from the footer's « Se rétracter du contrat ici » as a guest with the order number and e-mail;
 * two steps, no reason asked, an acknowledgement with the date and time; the owner sees the request and its refund
 * deadline on the dashboard.
 */
test.use({ serviceWorkers: "block" });

let counter = 0;
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${++counter}`;

function newCustomer(browser: Browser): Promise<CustomerInContext> {
  return customerInOwnContext(browser, "Inès Garnier");
}

/** A bank-transfer order of two units of the first product, at the server's total. */
async function placeOrder(customer: CustomerInContext): Promise<{ id: string; productName: string }> {
  const products = (await (await customer.page.request.get("/api/products")).json()) as {
    id: number;
    name: string;
    price: number;
  }[];
  const product = products.find((item) => item.price > 0);
  if (!product) throw new Error("no product on sale");
  const { id } = await placeTransferOrder(customer.page.request, {
    product,
    quantity: 2,
    addressId: customer.addressId,
    senderName: customer.fullName,
  });
  return { id, productName: product.name };
}

/** A new customer's order, paid and delivered by the owner (signed in in a context of their own). */
async function deliveredOrder(browser: Browser) {
  const customer = await newCustomer(browser);
  const owner = await ownerContext(browser);
  const order = await placeOrder(customer);
  await updateOrderAsOwner(owner.request, order.id, { payment_status: "completed", status: "delivered" });
  return { customer, owner, order };
}

/** The owner's dashboard, opened in the owner's context: the row of the order's first withdrawal. */
async function withdrawalRowOnDashboard(owner: BrowserContext, orderId: string) {
  const admin = await owner.newPage();
  await admin.goto("/admin");
  return admin.getByRole("region", { name: "Rétractations" }).locator(`[data-withdrawal="${orderId}-W001"]`);
}

test("a signed-in customer withdraws from one unit of a delivered order, from « Mes commandes »", async ({
  browser,
}) => {
  const { customer, owner, order } = await deliveredOrder(browser);
  const number = order.id.slice(-8);
  const { page } = customer;

  await page.goto("/orders");
  const card = page.getByRole("article", { name: `Commande #${number}` });
  await card.getByRole("link", { name: `Se rétracter de la commande #${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/retractation\\?commande=${order.id}$`));
  await expect(page.getByRole("heading", { name: `Commande n° ${number}` })).toBeVisible();
  await expect(page.getByText(/délai de rétractation jusqu'au/)).toBeVisible();

  await page.getByRole("radio", { name: "Certains produits seulement" }).check();
  await page.getByLabel(`Quantité de « ${order.productName} » dont vous vous rétractez`).selectOption("1");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByRole("heading", { name: "Vérifiez votre rétractation" })).toBeVisible();
  await expect(page.getByText(`1 × ${order.productName}`)).toBeVisible();
  await page.getByRole("button", { name: "Confirmer la rétractation" }).click();

  await expect(page.getByText("Votre rétractation est enregistrée.")).toBeVisible();
  await expect(page.getByText(/Nous l'avons reçue le .+ à \d\d:\d\d \(heure de Paris\)/)).toBeVisible();
  await expect(page.getByText(`a été envoyé à ${customer.email}`)).toBeVisible();

  // The owner's dashboard lists it with its refund deadline.
  const row = await withdrawalRowOnDashboard(owner, order.id);
  await expect(row).toContainText(`Commande n° ${number}`);
  await expect(row).toContainText("Retour et remboursement à enregistrer");
  await expect(row).toContainText("Remboursement à faire au plus tard le");
  await customer.context.close();
  await owner.close();
});

// Issue 28 item 8: the row said « Rien à rembourser (commande non payée) » and « Remboursement à faire au plus tard ».
test("the owner's row of an unpaid order withdrawn says there is nothing to refund, and gives no deadline", async ({
  browser,
}) => {
  const customer = await newCustomer(browser);
  const order = await placeOrder(customer);
  const form = (await (await customer.page.request.get(`/api/withdrawals/orders/${order.id}`)).json()) as {
    order_version: number;
    lines: { index: number; available: number }[];
  };
  const withdrawn = await customer.page.request.post(`/api/withdrawals/orders/${order.id}`, {
    data: {
      lines: form.lines.map((line) => ({ index: line.index, quantity: line.available })),
      order_version: form.order_version,
      form_key: unique("withdrawal-form-key"),
    },
  });
  expect(withdrawn.status(), await withdrawn.text()).toBe(201);
  await customer.context.close();

  const owner = await ownerContext(browser);
  const row = await withdrawalRowOnDashboard(owner, order.id);
  await expect(row).toContainText("commande annulée avant expédition");
  await expect(row).toContainText("Rien à rembourser (commande non payée)");
  await expect(row).not.toContainText("au plus tard");
  await expect(row).not.toContainText("En retard");
  await owner.close();
});

test("a guest withdraws from a whole order with the order number and e-mail, from the footer", async ({
  browser,
}) => {
  const { customer, owner, order } = await deliveredOrder(browser);
  await owner.close();
  const number = order.id.slice(-8);

  const guest = await browser.newContext();
  const page = await guest.newPage();
  await page.goto("/faq");
  await page.getByRole("contentinfo").getByRole("link", { name: "Se rétracter du contrat ici" }).click();
  await expect(page).toHaveURL(/\/retractation$/);
  await expect(page.getByRole("heading", { level: 1, name: "Se rétracter du contrat" })).toBeVisible();

  // A wrong pair says nothing about what exists.
  await page.getByLabel("Numéro de commande").fill(number);
  await page.getByLabel("Adresse e-mail de la commande").fill("quelquun@e2e.test");
  await page.getByRole("button", { name: "Retrouver ma commande" }).click();
  await expect(
    page.getByText(/Aucune commande ne correspond à ce numéro et à cette adresse e-mail/),
  ).toBeVisible();

  await page.getByLabel("Adresse e-mail de la commande").fill(customer.email);
  await page.getByRole("button", { name: "Retrouver ma commande" }).click();
  await expect(page.getByRole("heading", { name: `Commande n° ${number}` })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Toute la commande" })).toBeChecked();
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByText(/Vous vous rétractez de toute la commande/)).toBeVisible();
  await page.getByRole("button", { name: "Confirmer la rétractation" }).click();
  await expect(page.getByText("Votre rétractation est enregistrée.")).toBeVisible();
  await expect(page.getByText(`2 × ${order.productName}`)).toBeVisible();

  // Everything is withdrawn now: the same order explains why there is nothing left.
  await page.goto("/retractation");
  await page.getByLabel("Numéro de commande").fill(number);
  await page.getByLabel("Adresse e-mail de la commande").fill(customer.email);
  await page.getByRole("button", { name: "Retrouver ma commande" }).click();
  await expect(page.getByText(/font déjà l'objet d'une rétractation ou d'un retour/)).toBeVisible();
  await guest.close();
  await customer.context.close();
});

test("a guest who ordered without an account withdraws from the link of her mail, the form filled in", async ({
  browser,
}) => {
  const guest = await browser.newContext();
  const page = await guest.newPage();
  const products = (await (await page.request.get("/api/products")).json()) as {
    id: number;
    price: number;
  }[];
  const shipping = (await (await page.request.get("/api/settings/shipping")).json()) as {
    standard_cost: number;
    free_shipping_threshold: number;
  };
  const product = products.find((item) => item.price > 0 && item.price < shipping.free_shipping_threshold);
  if (!product) throw new Error("no product on sale under the free shipping threshold");
  const email = `${unique("invitee")}@e2e.test`;
  const placed = await page.request.post("/api/guest/orders", {
    data: {
      items: [{ product_id: product.id, quantity: 1 }],
      total_amount: Math.round((product.price + shipping.standard_cost) * 100) / 100,
      payment_method: "bank_transfer",
      transfer_sender_name: "Inès Garnier",
      guest: { email, address: FRENCH_ADDRESS },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, access_token } = (await placed.json()) as { order: { id: string }; access_token: string };
  const owner = await ownerContext(browser);
  await updateOrderAsOwner(owner.request, order.id, { payment_status: "completed", status: "delivered" });
  await owner.close();
  const number = order.id.slice(-8);

  // The « Se rétracter du contrat ici » link every mail about her order carries.
  await page.goto(`/retractation?commande=${order.id}#acces=${access_token}`);
  await expect(page.getByLabel("Numéro de commande")).toHaveValue(number);
  await expect(page.getByLabel("Adresse e-mail de la commande")).toHaveValue(email);
  await page.getByRole("button", { name: "Retrouver ma commande" }).click();
  await expect(page.getByRole("heading", { name: `Commande n° ${number}` })).toBeVisible();
  await page.getByRole("button", { name: "Continuer" }).click();
  await page.getByRole("button", { name: "Confirmer la rétractation" }).click();
  await expect(page.getByText("Votre rétractation est enregistrée.")).toBeVisible();
  await guest.close();
});

import type { Browser, BrowserContext, Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { expect, test } from "./fixtures";

/**
 * The withdrawal function (Code de la consommation L221-21; issue 15) in Chromium: from an order of « Mes commandes »
 * signed in, and from the footer's « Se rétracter du contrat ici » as a guest with the order number and e-mail;
 * two steps, no reason asked, an acknowledgement with the date and time; the owner sees the request and its refund
 * deadline on the dashboard.
 */
test.use({ serviceWorkers: "block" });

let counter = 0;
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${++counter}`;

interface Customer {
  context: BrowserContext;
  page: Page;
  email: string;
  addressId: string;
}

async function newCustomer(browser: Browser): Promise<Customer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `${unique("retractation")}@e2e.test`;
  const password = "savon-secret-1";
  const fullName = "Inès Garnier";
  expect(
    (await page.request.post("/api/auth/signup", { data: { email, password, fullName } })).status(),
  ).toBe(201);
  expect((await page.request.post("/api/auth/signin", { data: { email, password } })).ok()).toBe(true);
  const address = await page.request.post("/api/user/addresses", {
    data: {
      first_name: "Inès",
      last_name: "Garnier",
      phone: "06 11 22 33 44",
      address_line1: "3 place du Marché",
      city: "Lyon",
      postal_code: "69001",
    },
  });
  expect(address.status()).toBe(201);
  return { context, page, email, addressId: ((await address.json()) as { id: string }).id };
}

/** A bank-transfer order of two units of the first product, at the server's total. */
async function placeOrder(customer: Customer): Promise<{ id: string; productName: string }> {
  const products = (await (await customer.page.request.get("/api/products")).json()) as {
    id: number;
    name: string;
    price: number;
  }[];
  const product = products.find((item) => item.price > 0);
  if (!product) throw new Error("no product on sale");
  const shipping = (await (await customer.page.request.get("/api/settings/shipping")).json()) as {
    standard_cost: number;
    free_shipping_threshold: number;
  };
  const subtotal = product.price * 2;
  const total = subtotal + (subtotal >= shipping.free_shipping_threshold ? 0 : shipping.standard_cost);
  const response = await customer.page.request.post("/api/orders", {
    data: {
      items: [{ product_id: product.id, quantity: 2 }],
      shipping_address_id: customer.addressId,
      total_amount: Math.round(total * 100) / 100,
      payment_method: "bank_transfer",
      transfer_sender_name: "Inès Garnier",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { order: { id: string } }).order.id, productName: product.name };
}

/** The owner, signed in through the API in a context of its own. */
async function ownerContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  expect((await context.request.post("/api/auth/signin", { data: E2E_ADMIN })).ok()).toBe(true);
  return context;
}

async function deliver(owner: BrowserContext, orderId: string) {
  const response = await owner.request.put(`/api/admin/orders/${orderId}`, {
    data: { payment_status: "completed", status: "delivered" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test("a signed-in customer withdraws from one unit of a delivered order, from « Mes commandes »", async ({
  browser,
}) => {
  const customer = await newCustomer(browser);
  const owner = await ownerContext(browser);
  const order = await placeOrder(customer);
  await deliver(owner, order.id);
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
  const admin = await owner.newPage();
  await admin.goto("/admin");
  const panel = admin.getByRole("region", { name: "Rétractations" });
  const row = panel.locator(`[data-withdrawal="${order.id}-W001"]`);
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
  const admin = await owner.newPage();
  await admin.goto("/admin");
  const row = admin
    .getByRole("region", { name: "Rétractations" })
    .locator(`[data-withdrawal="${order.id}-W001"]`);
  await expect(row).toContainText("commande annulée avant expédition");
  await expect(row).toContainText("Rien à rembourser (commande non payée)");
  await expect(row).not.toContainText("au plus tard");
  await expect(row).not.toContainText("En retard");
  await owner.close();
});

test("a guest withdraws from a whole order with the order number and e-mail, from the footer", async ({
  browser,
}) => {
  const customer = await newCustomer(browser);
  const owner = await ownerContext(browser);
  const order = await placeOrder(customer);
  await deliver(owner, order.id);
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

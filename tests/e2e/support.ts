import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { createUser } from "../../functions/accounts/service";
import { productEntity } from "../../functions/catalog/product-entity";
import { systemClock } from "../../functions/platform/adapters/clock";
import { localSecretBox } from "../../functions/platform/adapters/local-secret-box";
import { LOCAL_SECRET_KEY_FILE } from "../../functions/platform/adapters/secret-box";
import { createDb } from "../../functions/platform/db/service";
import type { DataDeps } from "../../functions/platform/deps";
import { E2E_ADMIN, E2E_DATA_DIR, E2E_DYNAMODB_PORT, E2E_PORT } from "../../playwright.config";
import { FRENCH_ADDRESS } from "../support/addresses";
import { COMPLETE_COSMETICS } from "../support/cosmetics";
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page } from "./fixtures";

/** Direct access to the running shop's DynamoDB Local, to set up what a journey needs (an owner's change). */
export function shopDeps(): DataDeps {
  return {
    db: createDb({
      tableName: process.env.TABLE_NAME ?? "savon-shop",
      endpoint: `http://127.0.0.1:${E2E_DYNAMODB_PORT}`,
    }),
    clock: systemClock,
    // The shop's own key (its data folder's): a PayPal secret set here opens in the shop (docs/decisions/031).
    secrets: localSecretBox(join(E2E_DATA_DIR, LOCAL_SECRET_KEY_FILE)),
  };
}

export async function setStock(deps: DataDeps, id: number, stock: number): Promise<void> {
  await productEntity(deps.db).patch({ id }).set({ stock }).go();
}

/**
 * A customer signed up and signed in within `request`'s context (a page's `page.request` shares its cookies), with one
 * delivery address in France under their name: what a journey needs before it shops.
 */
export async function signedInCustomer(
  request: APIRequestContext,
  fullName: string,
): Promise<{ email: string; password: string; addressId: string }> {
  const email = `${fullName
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase()}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.fr`;
  const password = "savon-123";
  // Made as sign-up makes it, in the shop's table: the suite's journeys all come from one address, more of them than
  // the shop's sign-ups per address and hour. Signing up itself is accounts.spec's.
  await createUser(shopDeps(), { email, password, fullName });
  expect((await request.post("/api/auth/signin", { data: { email, password } })).ok()).toBe(true);
  const [firstName = fullName, lastName = fullName] = fullName.split(" ");
  const address = await request.post("/api/user/addresses", {
    data: { ...FRENCH_ADDRESS, first_name: firstName, last_name: lastName, country: "France" },
  });
  expect(address.status()).toBe(201);
  return { email, password, addressId: ((await address.json()) as { id: string }).id };
}

/** A customer signed in (cookie) in a browser context of their own, beside the test's page, with one address. */
export interface CustomerInContext {
  context: BrowserContext;
  page: Page;
  email: string;
  fullName: string;
  addressId: string;
}

export async function customerInOwnContext(browser: Browser, fullName: string): Promise<CustomerInContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email, addressId } = await signedInCustomer(page.request, fullName);
  return { context, page, email, fullName, addressId };
}

/**
 * Sends an order by bank transfer through the API as the customer signed in within `request`. The answer is the
 * test's to read: the shop may refuse it (a shop not set up yet answers 503 before pricing, whatever the total).
 */
export function postTransferOrder(
  request: APIRequestContext,
  order: {
    items: { product_id: number; quantity: number }[];
    addressId: string;
    senderName: string;
    total: number;
    fields?: Record<string, unknown>;
  },
) {
  return request.post("/api/orders", {
    data: {
      items: order.items,
      shipping_address_id: order.addressId,
      payment_method: "bank_transfer",
      transfer_sender_name: order.senderName,
      total_amount: order.total,
      ...order.fields,
    },
  });
}

/**
 * A bank-transfer order of `quantity` × `product` placed through the API by the customer signed in within `request`,
 * at the total the payment page shows: the shop's shipping (free from its threshold), less `discount` (euros).
 * Fails the test unless the order is placed (201).
 */
export async function placeTransferOrder(
  request: APIRequestContext,
  order: {
    product: { id: number; price: number };
    quantity: number;
    addressId: string;
    senderName: string;
    discount?: number;
    fields?: Record<string, unknown>;
  },
): Promise<{ id: string; order_number: string; total: number }> {
  const shipping = (await (await request.get("/api/settings/shipping")).json()) as {
    standard_cost: number;
    free_shipping_threshold: number;
  };
  const subtotal = order.product.price * order.quantity;
  const shippingCost = subtotal >= shipping.free_shipping_threshold ? 0 : shipping.standard_cost;
  const total = Math.round((subtotal + shippingCost - (order.discount ?? 0)) * 100) / 100;
  const response = await postTransferOrder(request, {
    items: [{ product_id: order.product.id, quantity: order.quantity }],
    addressId: order.addressId,
    senderName: order.senderName,
    total,
    fields: order.fields,
  });
  expect(response.status(), await response.text()).toBe(201);
  const placed = (await response.json()) as { order: { id: string; order_number: string } };
  return { ...placed.order, total };
}

/** Signs the owner in within `request`'s context (a page's or a context's), through the API. */
export async function signInAsOwner(request: APIRequestContext): Promise<void> {
  expect((await request.post("/api/auth/signin", { data: E2E_ADMIN })).ok()).toBe(true);
}

/** The owner, signed in through the API in a browser context of their own. */
export async function ownerContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await signInAsOwner(context.request);
  return context;
}

/** The owner's API client outside any page (a test's `playwright` fixture), signed in; dispose it after use. */
export async function ownerApi(playwright: {
  request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> };
}): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  await signInAsOwner(api);
  return api;
}

/** Fills and sends the header's sign-in dialog, once open, and waits for it to close. */
export async function sendSignInDialog(page: Page, account: { email: string; password: string }) {
  const modal = page.getByRole("dialog", { name: "Connexion" });
  await expect(modal).toBeVisible();
  await modal.getByLabel("Adresse e-mail").fill(account.email);
  await modal.getByLabel("Mot de passe", { exact: true }).fill(account.password);
  await modal.getByRole("button", { name: "Se connecter" }).click();
  await expect(modal).toBeHidden();
}

/** The owner signs in through the header's Connexion dialog on /admin: the panel checks the new user at once. */
export async function signInAsAdmin(page: Page, hash = ""): Promise<void> {
  await page.goto(`/admin${hash}`);
  await expect(page.getByRole("heading", { name: "Accès Refusé" })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Connexion", exact: true }).click();
  await sendSignInDialog(page, E2E_ADMIN);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
}

export interface CreatedProduct {
  id: number;
  name: string;
  price: number;
}

/**
 * A product created through the admin API by the owner signed in within `request`: an active soap whose cosmetic
 * information is complete (the shop sells no other), 20 € and 10 in stock unless `fields` say otherwise.
 */
export async function createProductAsOwner(
  request: APIRequestContext,
  fields: Record<string, unknown> & { name: string },
): Promise<CreatedProduct> {
  const response = await request.post("/api/admin/products", {
    data: {
      price: 20,
      weight: "200g",
      image: "/images/products/savon-alep-premium.svg",
      description: "Un savon pour les tests",
      stock: 10,
      low_stock_threshold: 2,
      benefits: [],
      is_active: true,
      ...COMPLETE_COSMETICS,
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedProduct;
}

/** Deletes products a test created, as the owner: the storefront's journeys find the catalogue as seeded. */
export async function deleteProductsAsOwner(api: APIRequestContext, ids: number[]): Promise<void> {
  for (const id of ids) {
    await api.delete(`/api/admin/products/${id}`, { headers: { "content-type": "application/json" } });
  }
}

/** The WCAG 2.2 AA rules axe checks (issue 16). */
export const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Fails the test if axe finds a WCAG 2.2 AA violation on `page` as it stands (in `include` only, where given), each
 * named with its help and the elements it found.
 */
export async function expectAxeClean(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(WCAG);
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  expect(
    violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(", ")})`,
    ),
  ).toEqual([]);
}

/** Units in the cart the browser keeps (the persisted nanostore). */
async function unitsInStoredCart(page: Page): Promise<number> {
  const stored = await page.evaluate(() => window.localStorage.getItem("cart"));
  return (JSON.parse(stored ?? "[]") as { quantity: number }[]).reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * Adds the product page's soap to the cart once. The prebuilt page keeps a tap made before its module came
 * (first-tap.spec.ts); a product added after the build is shown by a React island, whose button may be painted before
 * it hydrates: click again only while the stored cart has not grown. Waiting for « Ajouté au panier! » instead clicked twice on a
 * loaded machine, where the confirmation came after the retry's 700 ms (« 2 × 6,90 € » in checkout.spec.ts).
 */
export async function addShownProduct(page: Page): Promise<void> {
  const before = await unitsInStoredCart(page);
  const add = page.getByRole("button", { name: "Ajouter au panier" });
  await expect(async () => {
    if ((await unitsInStoredCart(page)) === before) await add.click({ timeout: 2000 });
    await expect.poll(() => unitsInStoredCart(page), { timeout: 700 }).toBe(before + 1);
  }).toPass();
}

/** Opens a product page and adds its soap to the cart once. */
export async function addToCartFromProductPage(page: Page, productId: number): Promise<void> {
  await page.goto(`/product/${productId}`);
  await addShownProduct(page);
}

/** The owner changes an order through the admin API (`request` signed in as the owner); fails the test unless 200. */
export async function updateOrderAsOwner(
  request: APIRequestContext,
  orderId: string,
  data: Record<string, unknown>,
): Promise<void> {
  const response = await request.put(`/api/admin/orders/${orderId}`, { data });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A new customer signed in within `request`'s context (a page's shares its cookies), and their bank-transfer order of
 * `quantity` × the product `productId`, at its price on sale now.
 */
export async function customerWithTransferOrder(
  request: APIRequestContext,
  fullName: string,
  { productId = 1, quantity = 1 } = {},
) {
  const { addressId } = await signedInCustomer(request, fullName);
  const product = (await (await request.get(`/api/products/${productId}`)).json()) as {
    id: number;
    price: number;
  };
  return placeTransferOrder(request, { product, quantity, addressId, senderName: fullName });
}

/**
 * Holds the page's requests to `url` until the answered function is called: what the page shows while it waits, or
 * what a shopper can do before a script has come.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

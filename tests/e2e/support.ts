import { join } from "node:path";
import { systemClock } from "../../functions/platform/adapters/clock";
import { localSecretBox } from "../../functions/platform/adapters/local-secret-box";
import { LOCAL_SECRET_KEY_FILE } from "../../functions/platform/adapters/secret-box";
import { createDb } from "../../functions/platform/db/service";
import type { DataDeps } from "../../functions/platform/deps";
import { E2E_DATA_DIR, E2E_DYNAMODB_PORT } from "../../playwright.config";
import { type APIRequestContext, expect, type Page } from "./fixtures";

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
  await deps.db.entities.product.patch({ id }).set({ stock }).go();
}

/**
 * A customer signed up and signed in within `request`'s context (a page's `page.request` shares its cookies), with one
 * delivery address in France: what a journey needs before it shops.
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
  expect((await request.post("/api/auth/signup", { data: { email, password, fullName } })).status()).toBe(
    201,
  );
  expect((await request.post("/api/auth/signin", { data: { email, password } })).ok()).toBe(true);
  const [firstName = fullName, lastName = fullName] = fullName.split(" ");
  const address = await request.post("/api/user/addresses", {
    data: {
      first_name: firstName,
      last_name: lastName,
      phone: "06 12 34 56 78",
      address_line1: "5 rue du Four",
      city: "Marseille",
      postal_code: "13001",
      country: "France",
    },
  });
  expect(address.status()).toBe(201);
  return { email, password, addressId: ((await address.json()) as { id: string }).id };
}

/** Units in the cart the browser keeps (the persisted nanostore). */
async function unitsInStoredCart(page: Page): Promise<number> {
  const stored = await page.evaluate(() => window.localStorage.getItem("cart"));
  return (JSON.parse(stored ?? "[]") as { quantity: number }[]).reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * Adds the product page's soap to the cart once. The buy box hydrates after load, so a first click may do nothing:
 * click again only while the stored cart has not grown. Waiting for « Ajouté au panier! » instead clicked twice on a
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

/**
 * Issue 18 in the browser: an anonymous visit asks nothing about a session (no GET /api/auth/me without the hint
 * cookie), a signed-in customer still sees the account menu after a reload, the public reads say the CDN may keep
 * them, and the service worker precaches the shell only, not the admin panel or the signed-in screens.
 */
import { expect, type Page, test } from "./fixtures";
import { signedInCustomer } from "./support";

/** The /api/auth/me requests the page makes from now on. */
function meRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/auth/me") seen.push(request.url());
  });
  return seen;
}

/** Opens `path` and waits until its scripts have run and their calls are answered. */
async function visit(page: Page, path: string): Promise<void> {
  const maintenance = page.waitForResponse((response) =>
    response.url().endsWith("/api/settings/maintenance"),
  );
  await page.goto(path);
  await maintenance;
  await page.waitForLoadState("networkidle");
}

const header = (page: Page) => page.getByRole("banner");

test("an anonymous visit of the home and a product page makes no /api/auth/me request", async ({ page }) => {
  const me = meRequests(page);
  await visit(page, "/");
  await expect(header(page).getByRole("button", { name: "Connexion" }).first()).toBeVisible();
  await visit(page, "/product/1");
  await page.reload();
  await page.waitForLoadState("networkidle");
  expect(me).toEqual([]);
});

test("a signed-in customer sees the account menu, after a reload too", async ({ page }) => {
  const me = meRequests(page);
  await signedInCustomer(page.request, "Nour Savonnier");
  const hint = (await page.context().cookies()).find((cookie) => cookie.name === "signed_in");
  expect(hint).toMatchObject({ value: "1", httpOnly: false, path: "/" });
  await visit(page, "/");
  const account = header(page).getByRole("button", { name: "Nour Savonnier" });
  await expect(account).toBeVisible();
  await page.reload();
  await expect(account).toBeVisible();
  expect(me.length).toBeGreaterThanOrEqual(2);

  // Signing out clears the hint with the session: the next pages ask nothing.
  await account.click();
  await header(page).getByRole("button", { name: "Déconnexion" }).click();
  await expect(account).toBeHidden();
  await expect
    .poll(async () => (await page.context().cookies()).map((cookie) => cookie.name))
    .not.toContain("signed_in");
  const before = me.length;
  await visit(page, "/product/1");
  expect(me.length).toBe(before);
});

test("a session cookie without the hint (signed in before the hint existed) shows the visitor signed out", async ({
  page,
}) => {
  await signedInCustomer(page.request, "Ines Ancienne");
  await page.context().clearCookies({ name: "signed_in" });
  const me = meRequests(page);
  await visit(page, "/");
  await expect(header(page).getByRole("button", { name: "Connexion" }).first()).toBeVisible();
  expect(me).toEqual([]);
});

test("the public reads tell the CDN it may keep them; the rest of the API does not", async ({ request }) => {
  for (const path of ["/api/products", "/api/products/1", "/api/settings/maintenance"]) {
    const response = await request.get(path);
    expect(response.headers()["cache-control"], path).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    expect(response.headers()["set-cookie"], path).toBeUndefined();
  }
  expect((await request.get("/api/auth/me")).headers()["cache-control"]).toBe("no-store");
});

test("the service worker precaches the shell's scripts, not the admin panel's nor the signed-in screens'", async ({
  request,
}) => {
  const worker = await (await request.get("/sw.js")).text();
  const list = JSON.parse(/const PRECACHE = (\[[\s\S]*?\]);/.exec(worker)?.[1] ?? "null") as string[];
  expect(list).toContain("/");
  const assets = (html: string) => [...html.matchAll(/\/_astro\/[\w./-]+?\.(?:js|css)/g)].map((m) => m[0]);
  const islands = (html: string) =>
    [...html.matchAll(/component-url="([^"]+)"/g)].map((match) => match[1] as string);

  // What the home loads is there (offline, it opens as it was).
  const home = assets(await (await request.get("/")).text());
  expect(home.length).toBeGreaterThan(0);
  for (const asset of home) expect(list, asset).toContain(asset);

  // The admin panel's island and each signed-in screen's are not: the worker keeps them once used.
  for (const path of ["/admin", "/payment", "/orders", "/profile"]) {
    const components = islands(await (await request.get(path)).text());
    expect(components.length, `${path} has an island`).toBeGreaterThan(0);
    for (const component of components) expect(list, `${path}: ${component}`).not.toContain(component);
  }
  // The cart has no island (docs/decisions/044): the module only it loads is not precached either.
  const cartOnly = assets(await (await request.get("/cart")).text()).filter((asset) => !home.includes(asset));
  expect(cartOnly.length, "/cart's own scripts").toBeGreaterThan(0);
  for (const asset of cartOnly) expect(list, `/cart: ${asset}`).not.toContain(asset);
});

import { expect, type Page, test } from "./fixtures";
import { signedInCustomer } from "./support";

/**
 * A signed-in customer's pages ask for their data while React's code is still on its way: the frame's inline script
 * starts the reads the page lists when the hint cookie says a session may exist (src/lib/early-reads.ts), and the
 * island takes those answers instead of asking again. A visitor's page asks for nothing.
 */
test.use({ serviceWorkers: "block" });

/** The API reads the page makes (method and path), in order. */
function apiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) reads.push(`${request.method()} ${url.pathname}`);
  });
  return reads;
}

/** Holds the site's module scripts until `release()`. */
async function holdModules(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/_astro/*.js", async (route) => {
    await released;
    await route.fallback().catch(() => undefined);
  });
  return release;
}

for (const { path, reads, shown } of [
  { path: "/orders", reads: ["GET /api/auth/me", "GET /api/user/orders"], shown: "Aucune commande" },
  {
    path: "/profile",
    reads: ["GET /api/auth/me", "GET /api/user/profile", "GET /api/user/addresses"],
    shown: "Informations personnelles",
  },
]) {
  test(`${path}, signed in: its data is asked for before any module has run, and once`, async ({ page }) => {
    await signedInCustomer(page.request, "Lina Haddad");
    const seen = apiReads(page);
    const release = await holdModules(page);
    await page.goto(path, { waitUntil: "commit" });
    await expect.poll(() => reads.every((read) => seen.includes(read))).toBe(true);

    release();
    await expect(page.getByRole("heading", { level: 2, name: shown })).toBeVisible();
    for (const read of reads) expect(seen.filter((one) => one === read)).toHaveLength(1);
  });
}

test("/orders, visitor: nothing is asked for, « Connexion requise » is there", async ({ page }) => {
  const seen = apiReads(page);
  await page.goto("/orders");
  await expect(page.getByRole("heading", { level: 2, name: "Connexion requise" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(seen.filter((read) => read.startsWith("GET /api/user/") || read === "GET /api/auth/me")).toEqual([]);
});

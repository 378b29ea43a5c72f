import { type BrowserContext, expect, type Page, test } from "./fixtures";
import { readShifts, recordShifts } from "./layout-shifts";
import { addToCartFromProductPage, signedInCustomer } from "./support";

/**
 * The checkout's first step paints from its static HTML (issue 30): before any script of the page has run, /payment
 * shows the form's layout to a browser with the session hint cookie and the sign-in panel to one without it (the
 * head's inline script, src/scripts/inline/checkout-first-step.ts, chooses through CSS); then React hydrates that same
 * markup without an error and without moving anything (CLS 0), on a phone with its CPU slowed 4 times and on a
 * desktop, where the summary beside the form holds the cart's line and its totals. On the desktop the shop's payment
 * settings and PayPal's client id are held back until then: when they answer, the way to pay at the foot of the
 * summary becomes the one the shop offers (PayPal's buttons, or PayPal's refusal and the transfer's button when PayPal
 * is not set up, as here), whose height the first paint cannot know (decision record 045). The shifts counted are
 * those of the page's content: on a desktop the header's navigation moves when the header shows the signed-in
 * customer's menu, on every page (the header's own script, not the checkout).
 */

const SECTIONS = [
  "Adresse de livraison",
  "Informations de livraison",
  "Notes de commande",
  "Mode de paiement",
];

/** The page's own modules never arrive: what shows is the static HTML, its CSS and its inline scripts. */
async function blockModules(context: BrowserContext): Promise<void> {
  await context.route(/\/_astro\/.*\.js(\?.*)?$/, (route) => route.abort());
}

function heading(page: Page, name: string) {
  // The form stays inert until React has read the session and the cart: its headings are seen, not yet reachable.
  return page.locator("h1, h2").filter({ hasText: new RegExp(`^\\d?${name}$`) });
}

test("without its scripts, /payment paints the first step for the session hint and the sign-in panel without it", async ({
  page,
  context,
}) => {
  await signedInCustomer(page.request, "Premier Rendu");
  await addToCartFromProductPage(page, 1);
  await blockModules(context);

  await page.goto("/payment");
  await expect(heading(page, "Finaliser la Commande")).toBeVisible();
  for (const name of SECTIONS) await expect(heading(page, name), name).toBeVisible();
  await expect(heading(page, "Récapitulatif de la commande")).toBeVisible();
  await expect(
    page.locator("aside").filter({ has: heading(page, "Récapitulatif de la commande") }),
  ).toBeVisible();
  await expect(page.getByText("Connexion requise")).toBeHidden();
  // The summary keeps the room of the stored cart's line (5 rem for its 56 px picture and its padding).
  const lines = page.locator("aside ul").first();
  expect((await lines.boundingBox())?.height).toBeGreaterThanOrEqual(80);
  // Nothing of the form can be used before React has it: it is inert.
  await expect(page.locator("[data-first-step=form]")).toHaveAttribute("inert", "");

  await context.clearCookies();
  await page.reload();
  await expect(heading(page, "Finaliser la Commande")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Connexion requise" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  for (const name of SECTIONS) await expect(heading(page, name), name).toBeHidden();
  await expect(heading(page, "Récapitulatif de la commande")).toBeHidden();
});

for (const device of [
  {
    name: "a phone",
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    holdSettings: false,
  },
  {
    name: "a desktop",
    viewport: { width: 1280, height: 900 },
    isMobile: false,
    hasTouch: false,
    holdSettings: true,
  },
]) {
  test.describe(`on ${device.name}`, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch });

    test("signed in with a soap, the checkout hydrates its first paint without an error and without a shift", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const hydrationErrors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /hydrat|did not match|server rendered/i.test(message.text()))
          hydrationErrors.push(message.text());
      });
      page.on("pageerror", (error) => hydrationErrors.push(error.message));
      await signedInCustomer(page.request, "Rendu Stable");
      await addToCartFromProductPage(page, 1);
      // The checkout's own content (on a desktop the header changes for a signed-in customer, on every page).
      await recordShifts(page, "[data-app-screen]");
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      if (device.holdSettings)
        await page.route(/\/api\/(settings\/checkout|paypal-payment\/client-id)$/, async (route) => {
          await released;
          await route.continue().catch(() => undefined);
        });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });

      await page.goto("/payment");
      // React has it and its data has arrived: the address is chosen, the summary shows the soap.
      await expect(page.getByRole("radio", { name: /Rendu Stable/ })).toBeChecked({ timeout: 30_000 });
      await expect(
        page.getByRole("complementary", { name: "Récapitulatif de la commande" }).getByRole("listitem"),
      ).toHaveCount(1);
      await expect(page.locator("[data-first-step]")).toHaveCount(0);
      if (!device.holdSettings) await page.waitForLoadState("networkidle");
      await page.waitForTimeout(1000);
      const shifts = await readShifts(page);
      expect(shifts).toEqual({ total: 0, sources: [] });
      expect(hydrationErrors).toEqual([]);
      release();
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    });
  });
}

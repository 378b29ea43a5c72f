import { expect, test } from "./fixtures";
import { readShifts, recordShifts } from "./layout-shifts";
import { addToCartFromProductPage, signedInCustomer } from "./support";

/**
 * Nothing moves while a page loads (issue 17: CLS 0.00 on every page): on a phone, its CPU slowed down four times,
 * signed in with a soap in the cart, the layout shifts the browser reports (PerformanceObserver "layout-shift", those
 * not caused by the visitor's input) add up to 0, from the first byte until the page has settled.
 */

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

test("the home, a product page, the FAQ, the cart, the checkout, the orders and the profile never shift while they load", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInCustomer(page.request, "Stable Mise");
  await addToCartFromProductPage(page, 1);
  await recordShifts(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  for (const path of ["/", "/product/1", "/faq", "/cart", "/payment", "/orders", "/profile"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // The islands' data has arrived and been drawn.
    await page.waitForTimeout(1000);
    const shifts = await readShifts(page);
    expect(shifts, path).toEqual({ total: 0, sources: [] });
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});

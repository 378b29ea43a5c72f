import { expect, type Page, test } from "./fixtures";
import { addToCartFromProductPage, signedInCustomer } from "./support";

/**
 * Nothing moves while a page loads (issue 17: CLS 0.00 on every page): on a phone, its CPU slowed down four times,
 * signed in with a soap in the cart, the layout shifts the browser reports (PerformanceObserver "layout-shift", those
 * not caused by the visitor's input) add up to 0, from the first byte until the page has settled.
 */

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

/** Sums every layout shift of the page, recorded from its very start. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { total: 0, sources: [] as string[] };
    (window as unknown as { __shifts: typeof record }).__shifts = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        record.total += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node;
          record.sources.push(
            node instanceof Element ? `${node.tagName}.${node.className}` : String(node?.nodeName),
          );
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

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
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { total: number; sources: string[] } }).__shifts,
    );
    expect(shifts, path).toEqual({ total: 0, sources: [] });
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});

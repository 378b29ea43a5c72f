/**
 * The layout shifts a page reports (PerformanceObserver "layout-shift", those not caused by the visitor's input), added
 * up from its very start, with the elements that moved: CLS as the journeys read it (issue 17: CLS 0 on every page;
 * issue 30: the cart and the checkout hydrate their first paint without moving it).
 */
import type { Page } from "./fixtures";

export interface Shifts {
  total: number;
  sources: string[];
}

/**
 * From the next navigation on, every page of `page` sums its shifts into window.__shifts; with `within` (a selector),
 * only the shifts that move something inside it.
 */
export async function recordShifts(page: Page, within?: string): Promise<void> {
  await page.addInitScript((scope) => {
    const record = { total: 0, sources: [] as string[] };
    (window as unknown as { __shifts: typeof record }).__shifts = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map((source) => source.node);
        if (scope && !moved.some((node) => node instanceof Element && node.closest(scope))) continue;
        record.total += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node;
          record.sources.push(
            node instanceof Element ? `${node.tagName}.${node.className}` : String(node?.nodeName),
          );
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  }, within);
}

/** What the current page has shifted so far. */
export async function readShifts(page: Page): Promise<Shifts> {
  return await page.evaluate(() => (window as unknown as { __shifts: Shifts }).__shifts);
}

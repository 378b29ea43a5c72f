/**
 * The markup of a reduction's announcement beside a price, written once for the React PriceAnnouncement (the
 * product page's buy box, the home's cards, the checkout) and for the framework-free pages (the cart, the cards'
 * refresh): the kind, the percentage off, the reference price struck through (named for screen readers, which do not
 * read the strike) and its mention. The price itself stays where each screen prints it.
 */
import type { PriceAnnouncement } from "../domain/reductions/price-in-force";
import { html, type SafeHtml } from "./safe-html";

export type ReductionAnnouncement = NonNullable<PriceAnnouncement["reduction"]>;

export const REDUCTION_CLASS = "mt-2 text-sm";
export const REDUCTION_LINE_CLASS = "flex flex-wrap items-center gap-x-2 gap-y-1";
export const REDUCTION_LABEL_CLASS =
  "rounded-full bg-crust-800 px-2.5 py-0.5 text-xs font-semibold text-cream-50";
export const REDUCTION_PERCENT_CLASS = "font-semibold text-crust-800 tabular-nums";
export const REDUCTION_REFERENCE_CLASS = "text-ink-soft tabular-nums";
export const REDUCTION_MENTION_CLASS = "mt-1 text-xs leading-snug text-ink-soft";
export const REFERENCE_PREFIX = "Prix de référence : ";

/** The announcement's HTML, or nothing without a reduction. */
export function reductionHtml(reduction: ReductionAnnouncement | null): SafeHtml {
  if (!reduction) return html``;
  return html`<div class="${REDUCTION_CLASS}" data-price-reduction=""><p class="${REDUCTION_LINE_CLASS}"><span class="${REDUCTION_LABEL_CLASS}">${reduction.label}</span><span class="${REDUCTION_PERCENT_CLASS}">${reduction.percent}</span><s class="${REDUCTION_REFERENCE_CLASS}"><span class="sr-only">${REFERENCE_PREFIX}</span>${reduction.reference}</s></p><p class="${REDUCTION_MENTION_CLASS}">${reduction.mention}</p></div>`;
}

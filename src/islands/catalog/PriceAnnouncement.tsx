import {
  REDUCTION_CLASS,
  REDUCTION_LABEL_CLASS,
  REDUCTION_LINE_CLASS,
  REDUCTION_MENTION_CLASS,
  REDUCTION_PERCENT_CLASS,
  REDUCTION_REFERENCE_CLASS,
  REFERENCE_PREFIX,
  type ReductionAnnouncement,
} from "../../lib/price-announcement-view";

/**
 * A reduction's announcement beside a price: the same markup as reductionHtml (lib/price-announcement-view.ts), which
 * the framework-free pages print. Nothing without a reduction.
 */
export function PriceAnnouncement({ reduction }: { reduction: ReductionAnnouncement | null }) {
  if (!reduction) return null;
  return (
    <div className={REDUCTION_CLASS} data-price-reduction="">
      <p className={REDUCTION_LINE_CLASS}>
        <span className={REDUCTION_LABEL_CLASS}>{reduction.label}</span>
        <span className={REDUCTION_PERCENT_CLASS}>{reduction.percent}</span>
        <s className={REDUCTION_REFERENCE_CLASS}>
          <span className="sr-only">{REFERENCE_PREFIX}</span>
          {reduction.reference}
        </s>
      </p>
      <p className={REDUCTION_MENTION_CLASS}>{reduction.mention}</p>
    </div>
  );
}

/**
 * The words a reduction is announced with, zod-free so that a page's script can print them without the schemas of
 * reduction.ts (which re-exports them).
 */
export const REDUCTION_KINDS = ["promotion", "soldes"] as const;
export type ReductionKind = (typeof REDUCTION_KINDS)[number];
export const REDUCTION_KIND_LABELS: Record<ReductionKind, string> = {
  promotion: "Promotion",
  soldes: "Soldes",
};

export const REFERENCE_MENTION =
  "Prix de référence : le prix le plus bas des 30 jours précédant la réduction";

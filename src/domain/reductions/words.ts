/**
 * The words a reduction is announced with, apart from the owner's input rules (reduction.ts) so that the storefront's
 * framework-free scripts and the cart page's inline script print them without shipping zod.
 */
export const REDUCTION_KINDS = ["promotion", "soldes"] as const;
export type ReductionKind = (typeof REDUCTION_KINDS)[number];
export const REDUCTION_KIND_LABELS: Record<ReductionKind, string> = {
  promotion: "Promotion",
  soldes: "Soldes",
};

export const REFERENCE_MENTION =
  "Prix de référence : le prix le plus bas des 30 jours précédant la réduction";

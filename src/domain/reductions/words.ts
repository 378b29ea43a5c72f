/**
 * The words of a reduction every surface prints the same (L112-1-1). Zod-free: the pages, the islands and the admin
 * panel import it, and the storefront's pages load it before any interaction: nothing else goes here.
 */
export const REDUCTION_KINDS = ["promotion", "soldes"] as const;
export type ReductionKind = (typeof REDUCTION_KINDS)[number];
export const REDUCTION_KIND_LABELS: Record<ReductionKind, string> = {
  promotion: "Promotion",
  soldes: "Soldes",
};

export const REFERENCE_MENTION =
  "Prix de référence : le prix le plus bas des 30 jours précédant la réduction";

/**
 * The words of a reduction, zod-free so that the pages and the admin panel print them without the schemas' weight:
 * the kinds announced, the reference price's mention, and why a price changed.
 */
import type { PriceChangeReason } from "./reference-price";

export const REDUCTION_KINDS = ["promotion", "soldes"] as const;
export type ReductionKind = (typeof REDUCTION_KINDS)[number];
export const REDUCTION_KIND_LABELS: Record<ReductionKind, string> = {
  promotion: "Promotion",
  soldes: "Soldes",
};

export const REFERENCE_MENTION =
  "Prix de référence : le prix le plus bas des 30 jours précédant la réduction";

export const PRICE_CHANGE_REASON_LABELS: Record<PriceChangeReason, string> = {
  created: "Création du produit",
  edited: "Prix modifié",
  reduction_start: "Début de réduction",
  reduction_end: "Fin de réduction",
  recorded: "Premier prix enregistré",
};

/**
 * The words of a reduction every surface prints the same (L112-1-1), and why a price changed. Zod-free: the pages,
 * the islands and the admin panel import it.
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

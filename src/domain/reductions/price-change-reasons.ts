/** Why a price changed, as the owner reads her products' price history. */
import type { PriceChangeReason } from "./reference-price";

export const PRICE_CHANGE_REASON_LABELS: Record<PriceChangeReason, string> = {
  created: "Création du produit",
  edited: "Prix modifié",
  reduction_start: "Début de réduction",
  reduction_end: "Fin de réduction",
  recorded: "Premier prix enregistré",
};

/**
 * Complete cosmetics information (decision record 015) for test products that must be active: a product cannot
 * be saved active without it. No import, so the E2E specs can use it too.
 */
export const COMPLETE_COSMETICS = {
  reference: "TEST-SAVON-200",
  gtin: "",
  cosmetic_function: "Nettoyant pour le corps et le visage",
  inci: "Sodium Olivate, Sodium Laurate, Aqua, Glycerin, Sodium Hydroxide",
  precautions: "Éviter le contact avec les yeux.",
  net_weight_g: 200,
  allergens: "Aucun",
  pao_months: 12,
  durability_date: "",
} as const;

/**
 * Unit price (arrêté du 16 novembre 1999, prix à l'unité de mesure), apart from the rest of the cosmetics rules
 * (cosmetics.ts re-exports it) so that the home page's framework-free grid script ships these few lines only.
 */
import { eurosToCents, formatEuros } from "../money";

/**
 * Unit price (arrêté du 16 novembre 1999, prix à l'unité de mesure): the price of one kilogram, in cents, from the
 * price in cents and the nominal quantity in grams, with integers only: priceCents × 1000 / grams rounded to the
 * nearest cent, halves up (6,90 € for 200 g gives 34,50 €/kg; 9,90 € for 300 g gives 33,00 €/kg; 1,00 € for 3 g
 * gives 333,33 €/kg). Null when the quantity is unknown (0), so nothing is shown rather than a wrong figure.
 */
export function unitPriceCentsPerKg(priceCents: number, grams: number): number | null {
  if (!Number.isInteger(grams) || grams <= 0 || !Number.isInteger(priceCents) || priceCents < 0) return null;
  return Math.floor((priceCents * 2000 + grams) / (grams * 2));
}

/** « 34,50 € / kg » (fr-FR, from the price in euros as the API sends it), or "" when the quantity is unknown. */
export function unitPriceLabel(priceEuros: number, grams: number): string {
  const perKg = unitPriceCentsPerKg(eurosToCents(priceEuros), grams);
  return perKg === null ? "" : `${formatEuros(perKg)} / kg`;
}

/**
 * « 34,50 € / kg » for a product as the API sends it, or "" while the nominal quantity is unknown (a product
 * stored before it was asked for). Shown next to every price: the product page, the home page's cards.
 */
export function unitPriceText(product: { price: number; net_weight_g?: number }): string {
  return unitPriceLabel(product.price, product.net_weight_g ?? 0);
}

import * as z from "zod";

/**
 * Pure rules of the shipping labels (docs/decisions/047): which orders may get one, what the parcel weighs
 * and where its PDF is kept.
 */

/** A day of labels, as the owner picks it (Paris time): YYYY-MM-DD. */
export const labelDaySchema = z.iso.date("Date invalide : AAAA-MM-JJ attendu.");

/**
 * Only a paid order still to prepare gets a label: it ships with it. Pending (unpaid), cancelled, and orders already
 * on their way (shipped or delivered) do not.
 */
export function labelRefusal(order: { status: string; payment_status: string }): string | null {
  if (order.status === "cancelled") return "Cette commande est annulée : pas d'étiquette.";
  if (order.status === "pending" || order.payment_status !== "completed")
    return "Cette commande n'est pas encore payée : l'étiquette se crée une fois le paiement reçu.";
  if (order.status !== "confirmed")
    return "Cette commande est déjà expédiée : saisissez son suivi dans le formulaire.";
  return null;
}

/**
 * What the parcel weighs (grams): each line's net weight (the product's, as the cosmetics data give it) times its
 * quantity, plus the packaging. A product without a known weight counts nothing: the packaging setting is the margin.
 */
export function parcelWeightGrams(
  lines: readonly { product_id: number; quantity: number }[],
  netWeights: ReadonlyMap<number, number>,
  packagingGrams: number,
): number {
  const soaps = lines.reduce((sum, line) => sum + (netWeights.get(line.product_id) ?? 0) * line.quantity, 0);
  return Math.max(1, Math.ceil(soaps + packagingGrams));
}

/**
 * What a Colissimo parcel number may be: 11 to 15 letters and digits, what La Poste's tracking takes (« 6A12345678901 »
 * has 13). The number comes from the carrier's answer and names a file: nothing else may reach a key.
 */
export function isParcelNumber(value: string): boolean {
  return /^[A-Za-z0-9]{11,15}$/.test(value);
}

export function labelKey(orderId: string, parcelNumber: string): string {
  if (!isParcelNumber(parcelNumber)) throw new Error(`Not a parcel number: ${JSON.stringify(parcelNumber)}`);
  return `labels/${orderId}/${parcelNumber}.pdf`;
}

/** The carrier's name the order, its mail and its tracking page print. */
export const COLISSIMO = "Colissimo";

import * as z from "zod";

/** Pure rules of the shipping labels (docs/decisions/047). */

/** Paris time. */
export const labelDaySchema = z.iso.date("Date invalide : AAAA-MM-JJ attendu.");

/** Only a paid order still to prepare: it ships with the label. */
export function labelRefusal(order: { status: string; payment_status: string }): string | null {
  if (order.status === "cancelled") return "Cette commande est annulée : pas d'étiquette.";
  if (order.status === "pending" || order.payment_status !== "completed")
    return "Cette commande n'est pas encore payée : l'étiquette se crée une fois le paiement reçu.";
  if (order.status !== "confirmed")
    return "Cette commande est déjà expédiée : saisissez son suivi dans le formulaire.";
  return null;
}

/** A product without a known weight counts nothing: the packaging setting is the margin. */
export function parcelWeightGrams(
  lines: readonly { product_id: number; quantity: number }[],
  netWeights: ReadonlyMap<number, number>,
  packagingGrams: number,
): number {
  const soaps = lines.reduce((sum, line) => sum + (netWeights.get(line.product_id) ?? 0) * line.quantity, 0);
  return Math.max(1, Math.ceil(soaps + packagingGrams));
}

/** 11 to 15 letters and digits, as La Poste's tracking takes; it names a file, so nothing else may reach a key. */
export function isParcelNumber(value: string): boolean {
  return /^[A-Za-z0-9]{11,15}$/.test(value);
}

export function labelKey(orderId: string, parcelNumber: string): string {
  if (!isParcelNumber(parcelNumber)) throw new Error(`Not a parcel number: ${JSON.stringify(parcelNumber)}`);
  return `labels/${orderId}/${parcelNumber}.pdf`;
}

export const COLISSIMO = "Colissimo";

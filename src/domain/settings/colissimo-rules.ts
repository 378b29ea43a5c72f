/**
 * The « Colissimo » card's rules without zod (docs/decisions/047): the names of the label formats and home
 * products, how the shop's address reads as a label's sender, and what the shop needs before it may buy a label. The
 * admin island reads them from here (zod would cost it ~25 KB); colissimo-setting.ts declares the setting's schema.
 */

export const LABEL_FORMATS = ["PDF_10x15_300dpi", "PDF_A4_300dpi"] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
export const LABEL_FORMAT_LABELS: Record<LabelFormat, string> = {
  PDF_10x15_300dpi: "10 × 15 cm (imprimante d'étiquettes)",
  PDF_A4_300dpi: "A4 (imprimante de bureau)",
};

/** Home delivery: Colissimo « Domicile sans signature » (DOM) or « Domicile contre signature » (DOS). */
export const HOME_PRODUCTS = ["DOM", "DOS"] as const;
export type HomeProduct = (typeof HOME_PRODUCTS)[number];
export const HOME_PRODUCT_LABELS: Record<HomeProduct, string> = {
  DOM: "Domicile sans signature",
  DOS: "Domicile contre signature",
};

/** The sender's address as a label prints it: the shop's one address field split into a line, a postal code, a city. */
export interface SenderAddress {
  line: string;
  zipCode: string;
  city: string;
}

/**
 * Reads the company setting's address (« 12 rue des Savonniers, 13001 Marseille », on one line or several) as the
 * label's sender: the last French postal code and what follows it is the city, what comes before is the street.
 * Null when no postal code followed by a city is found: the card then says what to fix.
 */
export function senderAddress(address: string): SenderAddress | null {
  const text = address.replace(/\s+/g, " ").trim();
  // The city may end with « Cedex » and its office number (« 84000 Avignon Cedex 9 »), as a business's address does.
  const matches = [
    ...text.matchAll(/(?:^|[\s,])(\d{5})\s+([^\d,]+?(?:\s+cedex(?:\s+\d{1,2})?)?)\s*(?:,?\s*France)?\s*$/gi),
  ];
  const last = matches.at(-1);
  if (!last || last.index === undefined) return null;
  const line = text
    .slice(0, last.index)
    .replace(/[\s,]+$/, "")
    .trim();
  const city = (last[2] ?? "").trim();
  if (!line || !city) return null;
  return { line, zipCode: last[1] ?? "", city };
}

/** What the shop needs before it may buy a label, each in French; empty when labels can be made. */
export function colissimoMissing(
  setting: { contract_number: string; password: string },
  company: { name: string; address: string },
): string[] {
  const missing: string[] = [];
  if (!setting.contract_number) missing.push("le numéro de contrat Colissimo");
  if (!setting.password) missing.push("le mot de passe du contrat Colissimo");
  if (!senderAddress(company.address))
    missing.push("l'adresse de la boutique avec son code postal et sa ville (carte « Entreprise »)");
  return missing;
}

/** « Colissimo n'est pas configuré : il manque … », the owner's message while labels cannot be made. */
export function colissimoNotConfiguredMessage(missing: readonly string[]): string {
  return `Colissimo n'est pas configuré : il manque ${missing.join(", ")}. Complétez Paramètres.`;
}

/**
 * Delivery to a pick-up point is offered while labels can be made: the search and the label both use the
 * contract, and a parcel for a point can only leave with a Colissimo label.
 */
export function pickupOffered(
  setting: { contract_number: string; password: string },
  company: { name: string; address: string },
): boolean {
  return colissimoMissing(setting, company).length === 0;
}

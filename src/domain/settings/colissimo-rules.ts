/** The « Colissimo » card's rules without zod, which would cost the admin island ~25 KB (docs/decisions/047). */

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

export interface SenderAddress {
  line: string;
  zipCode: string;
  city: string;
}

/** The last French postal code and what follows is the city; null when none is found (the card says what to fix). */
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

export function colissimoNotConfiguredMessage(missing: readonly string[]): string {
  return `Colissimo n'est pas configuré : il manque ${missing.join(", ")}. Complétez Paramètres.`;
}

/** The search and the label both use the contract, and a parcel for a point can only leave with a Colissimo label. */
export function pickupOffered(
  setting: { contract_number: string; password: string },
  company: { name: string; address: string },
): boolean {
  return colissimoMissing(setting, company).length === 0;
}

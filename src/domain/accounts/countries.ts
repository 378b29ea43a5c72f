/**
 * The countries of the address book, without zod: the schemas (address.ts, order.ts) and the zod-free form
 * (address-forms.ts) both take them from here, so neither has to import the other's module to know them.
 */

/** France first and by default (spec 2, 3). */
export const ADDRESS_COUNTRIES = ["France", "Belgique", "Suisse", "Luxembourg"] as const;
export type AddressCountry = (typeof ADDRESS_COUNTRIES)[number];
export const DEFAULT_COUNTRY: AddressCountry = "France";

export function isAddressCountry(value: string): value is AddressCountry {
  return (ADDRESS_COUNTRIES as readonly string[]).includes(value);
}

/** Each country's ISO 3166-1 alpha-2 code, as carriers want it (Colissimo's labels). */
export const COUNTRY_CODES: Record<AddressCountry, string> = {
  France: "FR",
  Belgique: "BE",
  Suisse: "CH",
  Luxembourg: "LU",
};

/**
 * How each of the shop's values is written into an SLS field (sources: request.ts): the longest text each field
 * takes, the address lines, the phone and the weight as Colissimo wants them. Pure.
 */

/**
 * The longest text SLS takes in each field (its « AN1…35 » notation). Free text longer than this is cut here; codes
 * (postal code, country, pick-up point) and addresses that would become wrong once cut (e-mail, phone) are sent whole,
 * so that SLS refuses them with its own message rather than delivering to a mangled address.
 */
export const SLS_MAX_LENGTHS = {
  companyName: 35,
  lastName: 35,
  firstName: 29,
  /** line0 to line3, each. */
  line: 35,
  city: 35,
  email: 80,
  /** service.orderNumber: not printed, kept in Colissimo's systems and tracking files. */
  orderNumber: 30,
  /** service.commercialName, the name in the addressee's e-mails: SLS says « AN », ekyna/Colissimo caps it at 30. */
  commercialName: 30,
  /** sender.senderParcelRef: printed on the label only. */
  senderParcelRef: 17,
  /** addressee.addresseeParcelRef: printed on the label only; SLS refuses more than 15 (error 30090). */
  addresseeParcelRef: 15,
  mobileNumber: 15,
  phoneNumber: 12,
} as const;

/** An address block of the request, only the fields the shop fills (SLS prefers an absent field to an empty one). */
export interface SlsAddress {
  companyName?: string;
  lastName?: string;
  firstName?: string;
  /** Number and street: never empty (SLS 30100/30204). */
  line2: string;
  /** « Lieu-dit ou autre mention »: where the complement goes, as La Poste's plugins put it. */
  line3?: string;
  countryCode: string;
  city: string;
  zipCode: string;
  email?: string;
  phoneNumber?: string;
  mobileNumber?: string;
}

/** One line, spaces collapsed (a pasted address may hold line breaks or tabs: each SLS field prints on one line). */
export function oneLine(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim();
}

/** The first `max` characters (code points, not UTF-16 units: an emoji counts one), without a trailing space. */
export function cut(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max ? value : chars.slice(0, max).join("").trimEnd();
}

/** Countries whose labels do not print line0, line1 or line3 (the WooCommerce plugin: Belgium and Switzerland). */
const NO_LINE3 = new Set(["BE", "CH"]);

/**
 * SLS's address lines from the shop's two: line2 is « numéro et libellé de voie » (at least one character), line3
 * « lieu-dit ou autre mention », where La Poste's plugins put the complement. A street longer than a line without a
 * complement goes on over line3, cut at a space, as the WooCommerce plugin does. Where line3 does not print, the
 * complement follows the street on line2.
 */
export function addressLines(
  street: string,
  complement: string | null | undefined,
  countryCode: string,
): Pick<SlsAddress, "line2" | "line3"> {
  const max = SLS_MAX_LENGTHS.line;
  let line = oneLine(street);
  let extra = oneLine(complement);
  if (extra && NO_LINE3.has(countryCode)) {
    line = `${line} ${extra}`;
    extra = "";
  }
  if (!extra && Array.from(line).length > max) {
    const head = Array.from(line)
      .slice(0, max + 1)
      .join("");
    const space = head.lastIndexOf(" ");
    const split = space > 0 ? space : Array.from(line).slice(0, max).join("").length;
    extra = NO_LINE3.has(countryCode) ? "" : line.slice(split).trim();
    line = line.slice(0, split).trim();
  }
  const line3 = cut(extra, max);
  return { line2: cut(line, max), ...(line3 ? { line3 } : {}) };
}

/**
 * The phone as Colissimo wants it, and in which field. mobileNumber gets SMS notifications and is mandatory for a
 * pick-up point; SLS checks it (15 characters at most, a Belgian one exactly +324 and 8 digits, the prefix of the
 * destination country). For a parcel to France a French mobile goes in national form, 06 or 07 and 8 digits: the form
 * every source agrees on (the CDI plugin converts +33 6… into it, La Poste's plugins accept it). A number that is not
 * a mobile of the destination country goes in phoneNumber (10 to 12 characters): national in France, +33… abroad.
 * Anything else (not a phone, or too long for phoneNumber) is left out: the phone is optional at home.
 */
export function colissimoPhone(
  phone: string | null | undefined,
  countryCode: string,
): Pick<SlsAddress, "mobileNumber" | "phoneNumber"> {
  let number = (phone ?? "").replace(/[\s.\-()/]/g, "");
  if (number.startsWith("00")) number = `+${number.slice(2)}`;
  const french = /^(?:\+33|0)([1-9]\d{8})$/.exec(number)?.[1];
  if (french) {
    if (countryCode !== "FR") return { phoneNumber: `+33${french}` };
    return /^[67]/.test(french) ? { mobileNumber: `0${french}` } : { phoneNumber: `0${french}` };
  }
  if (countryCode === "BE" && /^\+324\d{8}$/.test(number)) return { mobileNumber: number };
  if (/^\+\d{8,11}$/.test(number)) return { phoneNumber: number };
  return {};
}

/**
 * The weight in kg as SLS takes it: at least 0.01, at most 30, no more than 2 decimals. Rounded up to the next 10 g so
 * the parcel is never declared lighter than it is (La Poste's plugins round to the nearest).
 */
export function slsWeightKg(grams: number): number {
  return Math.ceil(grams / 10) / 100;
}

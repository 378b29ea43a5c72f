/**
 * SLS's « AN1…35 » lengths. Free text is cut; codes and addresses that a cut would falsify are sent whole, so SLS
 * refuses them rather than delivering to a mangled address.
 */
export const SLS_MAX_LENGTHS = {
  companyName: 35,
  lastName: 35,
  firstName: 29,
  line: 35,
  city: 35,
  email: 80,
  orderNumber: 30,
  /** SLS says « AN », ekyna/Colissimo caps it at 30. */
  commercialName: 30,
  senderParcelRef: 17,
  /** SLS refuses more than 15 (error 30090). */
  addresseeParcelRef: 15,
  mobileNumber: 15,
  phoneNumber: 12,
} as const;

/** SLS prefers an absent field to an empty one. */
export interface SlsAddress {
  companyName?: string;
  lastName?: string;
  firstName?: string;
  /** Never empty (SLS 30100/30204). */
  line2: string;
  line3?: string;
  countryCode: string;
  city: string;
  zipCode: string;
  email?: string;
  phoneNumber?: string;
  mobileNumber?: string;
}

/** Each SLS field prints on one line. */
export function oneLine(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim();
}

/** Code points, not UTF-16 units; no trailing space. */
export function cut(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max ? value : chars.slice(0, max).join("").trimEnd();
}

/** Countries whose labels do not print line0, line1 or line3 (the WooCommerce plugin). */
const NO_LINE3 = new Set(["BE", "CH"]);

/** The complement goes on line3 as La Poste's plugins put it; a long street goes on over line3, cut at a space. */
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
 * mobileNumber (SMS, mandatory for a pick-up point) gets a mobile of the destination country, national form in France;
 * another number goes in phoneNumber; anything else is left out (the phone is optional at home).
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

/** 0.01 to 30 kg, 2 decimals, rounded up to the next 10 g: never declared lighter than it is. */
export function slsWeightKg(grams: number): number {
  return Math.ceil(grams / 10) / 100;
}

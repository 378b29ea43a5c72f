/**
 * Bank details the shop gives for a transfer: an IBAN (ISO 13616, checked with its MOD 97-10 key) and a BIC
 * (ISO 9362: 8 or 11 characters). Zod-free, so the admin island can check them as the owner types.
 */

export function compactIban(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** True for a well-formed IBAN whose check digits are right (MOD 97-10 of ISO 7064). */
export function isValidIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** "FR7630006000011234567890189" -> "FR76 3000 6000 0112 3456 7890 189" (groups of four, as banks print it). */
export function formatIban(value: string): string {
  return compactIban(value).replace(/(.{4})(?=.)/g, "$1 ");
}

/** A BIC: 4 letters (bank), 2 letters (country), 2 letters or digits (place), optionally 3 more (branch). */
export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value.replace(/\s+/g, "").toUpperCase());
}

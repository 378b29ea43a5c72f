/**
 * Phone numbers (spec section 5): the field takes digits only, shown in pairs ("06 12 34 56 78", at most
 * 14 characters) after a +33 prefix, and stored as +33 followed by the digits without the leading 0.
 */
export const PHONE_PREFIX = "+33";
export const PHONE_INPUT_MAX_LENGTH = 14;

/** What the input shows while typing: digits only, grouped in pairs, cut at 14 characters. */
export function formatPhoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 10);
  return (digits.match(/.{1,2}/g) ?? []).join(" ").slice(0, PHONE_INPUT_MAX_LENGTH);
}

/**
 * Stored form: "+33" and the 9 national digits. Accepts "06 12 34 56 78", "612345678", "+33 6 12 34 56 78" and
 * "0033612345678"; returns null when the number is not a French number of 9 digits after the prefix.
 */
export function normalizePhone(raw: string): string | null {
  let digits = raw.replace(/\D/g, "");
  if (raw.trim().startsWith("+33") || digits.startsWith("0033")) digits = digits.replace(/^(00)?33/, "");
  if (digits.length === 10 && digits.startsWith("0")) digits = digits.slice(1);
  return /^[1-9]\d{8}$/.test(digits) ? `${PHONE_PREFIX}${digits}` : null;
}

/** Stored "+33612345678" shown as "+33 6 12 34 56 78". */
export function displayPhone(stored: string): string {
  if (!stored.startsWith(PHONE_PREFIX)) return stored;
  const national = stored.slice(PHONE_PREFIX.length);
  return `${PHONE_PREFIX} ${national.slice(0, 1)} ${(national.slice(1).match(/.{1,2}/g) ?? []).join(" ")}`.trim();
}

/** Stored "+33612345678" back to what the input shows: "06 12 34 56 78". */
export function phoneToInput(stored: string): string {
  if (!stored.startsWith(PHONE_PREFIX)) return formatPhoneInput(stored);
  return formatPhoneInput(`0${stored.slice(PHONE_PREFIX.length)}`);
}

/**
 * Money is handled as integer cents everywhere inside the shop; euros (numbers with at most 2 decimals)
 * exist only at the JSON boundary and in forms. Keeping cents avoids the float drift that makes
 * totals disagree with PayPal's breakdown.
 */
export type Cents = number;

export function isCents(value: number): value is Cents {
  return Number.isSafeInteger(value);
}

/** Euros (as typed or sent in JSON) to cents, rounding half away from zero at the third decimal. */
export function eurosToCents(euros: number): Cents {
  if (!Number.isFinite(euros)) throw new RangeError(`Montant invalide : ${euros}`);
  // toFixed(6) removes binary noise such as 0.1 + 0.2 = 0.30000000000000004 before rounding.
  const scaled = Number((Math.abs(euros) * 100).toFixed(6));
  return Math.sign(euros) * Math.round(scaled) || 0;
}

/**
 * Cents to euros for JSON: a number with at most 2 decimals. Never -0 (`|| 0`): a negated zero (a credit note's free
 * delivery) or a negative that rounds to no cent would print « -0,00 € » through Intl.
 */
export function centsToEuros(cents: Cents): number {
  return Math.round(cents) / 100 || 0;
}

/** Cents to the 2-decimal text PayPal expects ("12.90"); the sign is read after rounding: never "-0.00". */
export function centsToDecimalText(cents: Cents): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? "-" : "";
  const abs = Math.abs(rounded);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * fr-FR display: "1 234,90 €" (thousands grouped by a narrow no-break space, a no-break space before €); zero is never
 * signed. Exactly what `new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" })` prints (money.test.ts
 * holds the two equal), written out because building that formatter loads the locale's data: 30 ms of main thread on
 * the first price of every page (120 ms on a phone slowed 4x, a long task on the home page).
 */
export function formatEuros(cents: Cents): string {
  const rounded = Math.round(cents) || 0;
  const abs = Math.abs(rounded);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, "\u202f");
  return `${rounded < 0 ? "-" : ""}${units},${String(abs % 100).padStart(2, "0")}\u00a0€`;
}

/**
 * Parses what a person types as a price ("12,90", "12.9", " 7 ") into cents.
 * Returns null when the text is not a non-negative amount with at most 2 decimals.
 */
export function parseEurosText(text: string): Cents | null {
  const normalized = text
    .trim()
    .replace(/\s|\u00a0|\u202f|€/g, "")
    .replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return eurosToCents(Number(normalized));
}

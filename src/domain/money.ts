/** Integer cents inside, euros only at the JSON boundary and in forms: no float drift against PayPal's breakdown. */
export type Cents = number;

export function isCents(value: number): value is Cents {
  return Number.isSafeInteger(value);
}

/** Rounding half away from zero at the third decimal. */
export function eurosToCents(euros: number): Cents {
  if (!Number.isFinite(euros)) throw new RangeError(`Montant invalide : ${euros}`);
  // toFixed(6) removes binary noise such as 0.1 + 0.2 = 0.30000000000000004 before rounding.
  const scaled = Number((Math.abs(euros) * 100).toFixed(6));
  return Math.sign(euros) * Math.round(scaled) || 0;
}

/** Never -0: it would print « -0,00 € » through Intl. */
export function centsToEuros(cents: Cents): number {
  return Math.round(cents) / 100 || 0;
}

/** "12.90"; the sign is read after rounding: never "-0.00". */
export function centsToDecimalText(cents: Cents): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? "-" : "";
  const abs = Math.abs(rounded);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Exactly what Intl.NumberFormat("fr-FR", currency EUR) prints (money.test.ts holds them equal), written out because
 * building that formatter costs 30 ms of main thread on every page's first price.
 */
export function formatEuros(cents: Cents): string {
  const rounded = Math.round(cents) || 0;
  const abs = Math.abs(rounded);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, "\u202f");
  return `${rounded < 0 ? "-" : ""}${units},${String(abs % 100).padStart(2, "0")}\u00a0€`;
}

/** Null unless a non-negative amount with at most 2 decimals ("12,90", "12.9"). */
export function parseEurosText(text: string): Cents | null {
  const normalized = text
    .trim()
    .replace(/\s|\u00a0|\u202f|€/g, "")
    .replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return eurosToCents(Number(normalized));
}

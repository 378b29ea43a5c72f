/**
 * Numbers as the owner types them in the admin's forms (products, promos, settings). Zod-free: the admin islands
 * parse with them as she types.
 */

/**
 * A decimal as typed ("12,90", "12.9", " 7 "), rounded to the cent; anything that is not a number gives 0
 * (spec 5: price and shipping amounts parsed as decimals, invalid becomes 0).
 */
export function parseDecimal(text: string): number {
  const value = Number.parseFloat(
    text
      .trim()
      .replace(/\s|\u00a0|\u202f|€/g, "")
      .replace(",", "."),
  );
  if (!Number.isFinite(value)) return 0;
  return Math.round(value * 100) / 100;
}

/** An integer as typed; anything that is not one gives 0 (spec 5: stock and threshold). */
export function parseInteger(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(value) ? value : 0;
}

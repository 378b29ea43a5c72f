import * as z from "zod";
import type { Cents } from "../money";
import type { InvoiceSnapshot } from "../orders/invoice";

/**
 * What the accounting exports (FEC and e-reporting, decision record 016) read from an issued invoice or credit
 * note: its frozen snapshot only, so an export made years later says what the documents said (the VAT treatment
 * and rate the company had when each was issued, not today's settings).
 */

/**
 * A document's amounts split for the ledger, all positive for an invoice (a credit note has the same shape and
 * is booked the other way round). VAT is included in consumer prices: the document's VAT (computed on its total
 * at issue) is split between goods and shipping by computing the shipping's net part at the same rate; the goods
 * take the rest, so goods + shipping + VAT = total to the cent. A promo code's discount reduces the goods.
 */
export interface DocumentAmounts {
  total_cents: Cents;
  goods_net_cents: Cents;
  shipping_net_cents: Cents;
  vat_cents: Cents;
  /** null under the franchise (art. 293 B du CGI). */
  vat_rate_percent: number | null;
}

export function documentAmounts(document: InvoiceSnapshot): DocumentAmounts {
  const total = document.total_cents;
  const shipping = document.shipping_cents;
  if (document.vat.mode === "franchise") {
    return {
      total_cents: total,
      goods_net_cents: total - shipping,
      shipping_net_cents: shipping,
      vat_cents: 0,
      vat_rate_percent: null,
    };
  }
  const rate = document.vat.rate_percent;
  const shippingNet = Math.round((shipping * 100) / (100 + rate));
  return {
    total_cents: total,
    goods_net_cents: document.vat.net_cents - shippingNet,
    shipping_net_cents: shippingNet,
    vat_cents: document.vat.vat_cents,
    vat_rate_percent: rate,
  };
}

/** Chronological order of issue, then the number (an invoice before a credit note issued at the same instant). */
export function byIssue(a: InvoiceSnapshot, b: InvoiceSnapshot): number {
  if (a.issued_at !== b.issued_at) return a.issued_at < b.issued_at ? -1 : 1;
  if (a.kind !== b.kind) return a.kind === "invoice" ? -1 : 1;
  return a.number < b.number ? -1 : a.number > b.number ? 1 : 0;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** "YYYY-MM-DD" naming a real day (not 2026-02-30 nor 2026-13-01). */
function validDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return DAY.test(value) && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}
const dayField = (name: string) =>
  z
    .string({ error: `La date ${name} est obligatoire (AAAA-MM-JJ).` })
    .refine(validDay, { message: `La date ${name} doit être une date valide au format AAAA-MM-JJ.` });

/** The longest period an export covers: one year (the FEC is made per financial year). */
export const MAX_EXPORT_DAYS = 366;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, Paris days, both included; from <= to, at most one year. */
export const exportPeriodSchema = z
  .object({ from: dayField("de début"), to: dayField("de fin") })
  .superRefine(({ from, to }, ctx) => {
    if (!validDay(from) || !validDay(to)) return;
    if (from > to) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "La date de fin doit être postérieure ou égale à la date de début.",
      });
      return;
    }
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
    if (days > MAX_EXPORT_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "La période d'un export ne peut pas dépasser un an.",
      });
    }
  });
export type ExportPeriod = z.infer<typeof exportPeriodSchema>;

import type { Cents } from "../money";
import type { LineReduction } from "./line-reduction";

/** Numbers continuous per year and kind; what an invoice says is frozen in a snapshot when issued. */
export type InvoiceKind = "invoice" | "credit_note";

export const INVOICE_PREFIX: Record<InvoiceKind, string> = { invoice: "FA", credit_note: "AV" };

export function invoiceCounterName(kind: InvoiceKind, year: number): string {
  return `${kind}-${year}`;
}

export function formatInvoiceNumber(kind: InvoiceKind, year: number, sequence: number): string {
  return `${INVOICE_PREFIX[kind]}-${year}-${String(sequence).padStart(6, "0")}`;
}

export const VAT_FRANCHISE_MENTION = "TVA non applicable, art. 293 B du CGI";
export const LATE_PAYMENT_MENTION =
  "En cas de retard de paiement, une pénalité égale à trois fois le taux d'intérêt légal est exigible, " +
  "ainsi que, pour les professionnels, une indemnité forfaitaire de 40 € pour frais de recouvrement " +
  "(art. L441-10 et D441-5 du Code de commerce). Pas d'escompte pour paiement anticipé.";

/** INSEE: SIRET = SIREN + NIC; "" when no SIRET is set. */
export function sirenOf(siret: string): string {
  const digits = siret.replace(/\D/g, "");
  return digits.length >= 9 ? digits.slice(0, 9) : "";
}

/** CGI art. 242 nonies A as amended by décret n° 2022-1299. The shop only sells goods. */
export const OPERATION_NATURE = "Livraison de biens";

export interface InvoiceLine {
  name: string;
  quantity: number;
  unit_price_cents: Cents;
  total_cents: Cents;
  /** Decision record 018; absent on older documents: issued documents are never rewritten. */
  lots?: string;
  /** The reduction the unit price was charged under (decision record 054), announced under the line. */
  reduction?: LineReduction;
}

export type VatTreatment =
  | { mode: "franchise" }
  | { mode: "rate"; rate_percent: number; net_cents: Cents; vat_cents: Cents };

export interface InvoiceSnapshot {
  kind: InvoiceKind;
  number: string;
  issued_at: string;
  /** For a credit note: the invoice it cancels... */
  cancels?: string;
  /** ...or partly credits (only the returned lines). */
  refers_to?: string;
  order_id: string;
  order_number: string;
  seller: {
    name: string;
    legal_form: string;
    siret: string;
    vat_number: string;
    address: string;
    email: string;
    phone: string;
  };
  /** CGI art. 242 nonies A: name and address, no e-mail (decision record 032). */
  customer: { name: string; address: string[] };
  /** Reform mentions; absent on older documents. */
  delivery?: { name: string; address: string[] };
  operation_nature?: string;
  lines: InvoiceLine[];
  subtotal_cents: Cents;
  shipping_cents: Cents;
  discount_cents: Cents;
  promo_code: string | null;
  total_cents: Cents;
  vat: VatTreatment;
  payment: { method: string; paid_at: string };
}

/** net = total / (1 + rate), rounded to the cent; VAT is the rest. */
export function vatTreatment(
  mode: "franchise" | "rate",
  ratePercent: number,
  totalCents: Cents,
): VatTreatment {
  if (mode === "franchise" || ratePercent <= 0) return { mode: "franchise" };
  const net = Math.round((totalCents * 100) / (100 + ratePercent));
  return { mode: "rate", rate_percent: ratePercent, net_cents: net, vat_cents: totalCents - net };
}

/** Drops an older document's customer e-mail, not a mention of CGI art. 242 nonies A (decision record 032). */
export function parseStoredInvoice(json: string): InvoiceSnapshot {
  const stored = JSON.parse(json) as InvoiceSnapshot & { customer: { email?: unknown } };
  const { email: _email, ...customer } = stored.customer;
  return { ...stored, customer };
}

/** Null when it holds none; every other byte stays as issued. */
export function storedInvoiceWithoutEmail(json: string): string | null {
  const stored = JSON.parse(json) as { customer?: { email?: unknown } };
  if (!stored.customer || !("email" in stored.customer)) return null;
  return JSON.stringify(parseStoredInvoice(json));
}

import type { Cents } from "../money";

/**
 * French invoices and credit notes. Numbers are chronological and continuous per year and kind
 * (FA-2026-000042, AV-2026-000007); what an invoice says is frozen in a snapshot when it is issued, so later
 * changes to products, settings or the customer's profile never alter it.
 */
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

/** The SIREN is the first 9 digits of the SIRET (INSEE: SIRET = SIREN + NIC); "" when no SIRET is set. */
export function sirenOf(siret: string): string {
  const digits = siret.replace(/\D/g, "");
  return digits.length >= 9 ? digits.slice(0, 9) : "";
}

/**
 * The nature of the operation, a mention the e-invoicing reform adds (CGI art. 242 nonies A as amended by décret
 * n° 2022-1299): goods, services or both. The shop only sells goods.
 */
export const OPERATION_NATURE = "Livraison de biens";

export interface InvoiceLine {
  name: string;
  quantity: number;
  unit_price_cents: Cents;
  total_cents: Cents;
  /**
   * The lots the units came from, as printed under the line ("Lot L2611 × 2"; decision record 018). Absent on
   * documents issued before batches were recorded: issued documents are never rewritten.
   */
  lots?: string;
}

export type VatTreatment =
  | { mode: "franchise" }
  | { mode: "rate"; rate_percent: number; net_cents: Cents; vat_cents: Cents };

export interface InvoiceSnapshot {
  kind: InvoiceKind;
  number: string;
  issued_at: string;
  /** For a credit note: the invoice it cancels (a cancelled order)... */
  cancels?: string;
  /** ...or the invoice it partly credits (goods returned and refunded: only those lines). */
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
  /**
   * The buyer as the law asks (CGI art. 242 nonies A: name and address), nothing more: no e-mail (decision
   * record 032). Documents issued before held `customer.email`; parseStoredInvoice drops it on every read.
   */
  customer: { name: string; address: string[] };
  /**
   * Reform mentions (issued before them: absent; the PDF then prints the customer's address, which was the order's
   * one shipping address, and the shop's only nature of operation).
   */
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

/** VAT included in a consumer price: net = total / (1 + rate), rounded to the cent; VAT is the rest. */
export function vatTreatment(
  mode: "franchise" | "rate",
  ratePercent: number,
  totalCents: Cents,
): VatTreatment {
  if (mode === "franchise" || ratePercent <= 0) return { mode: "franchise" };
  const net = Math.round((totalCents * 100) / (100 + ratePercent));
  return { mode: "rate", rate_percent: ratePercent, net_cents: net, vat_cents: totalCents - net };
}

/**
 * A stored snapshot (the invoice item's JSON) as the shop reads it: older documents also carried the
 * customer's e-mail, which is not a mention of CGI art. 242 nonies A; it is dropped here, so no PDF, export or
 * accounting file ever shows it, whether or not the stored item was rewritten yet (decision record 032).
 */
export function parseStoredInvoice(json: string): InvoiceSnapshot {
  const stored = JSON.parse(json) as InvoiceSnapshot & { customer: { email?: unknown } };
  const { email: _email, ...customer } = stored.customer;
  return { ...stored, customer };
}

/**
 * The stored JSON without the customer's e-mail, or null when it holds none (nothing to rewrite). Every other byte
 * of the document stays as issued: the mentions, the numbers, the amounts.
 */
export function storedInvoiceWithoutEmail(json: string): string | null {
  const stored = JSON.parse(json) as { customer?: { email?: unknown } };
  if (!stored.customer || !("email" in stored.customer)) return null;
  return JSON.stringify(parseStoredInvoice(json));
}

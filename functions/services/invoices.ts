import type { EntityItem } from "electrodb";
import { DomainError } from "../../src/domain/errors";
import {
  formatInvoiceNumber,
  type InvoiceKind,
  type InvoiceSnapshot,
  invoiceCounterName,
  vatTreatment,
} from "../../src/domain/invoice";
import { paymentMethodLabel } from "../../src/domain/order-status";
import type { OrderEntity } from "../db/entities/order";
import type { DataDeps } from "./deps";
import { getSetting } from "./settings";

type OrderRecord = EntityItem<typeof OrderEntity>;

/** The year of issue, in Paris, which numbers the document. */
function parisYear(date: Date): number {
  return Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric" }).format(date));
}

export interface PreparedDocument {
  kind: InvoiceKind;
  number: string;
  counter: { name: string; current: number };
  snapshot: InvoiceSnapshot;
}

/**
 * Prepares the next invoice (or credit note) of an order: its number from the counter's current value, and the
 * frozen snapshot. It is issued by the transaction that records the payment (or cancellation), which moves the
 * counter on the condition that it still holds `current`: numbers are continuous, never skipped nor reused.
 */
export async function prepareDocument(
  deps: DataDeps,
  order: OrderRecord,
  kind: InvoiceKind,
  paymentStatusAfter: string,
): Promise<PreparedDocument> {
  const now = deps.clock();
  const year = parisYear(now);
  const name = invoiceCounterName(kind, year);
  const [{ data: counter }, company] = await Promise.all([
    deps.db.entities.counter.get({ name }).go(),
    getSetting(deps, "company_info"),
  ]);
  const current = counter?.value ?? 0;
  const number = formatInvoiceNumber(kind, year, current + 1);
  const a = order.shipping_address;
  const snapshot: InvoiceSnapshot = {
    kind,
    number,
    issued_at: now.toISOString(),
    ...(kind === "credit_note" && order.invoice_number ? { cancels: order.invoice_number } : {}),
    order_id: order.id,
    order_number: order.id.slice(-8),
    seller: {
      name: company.name,
      legal_form: company.legal_form,
      siret: company.siret,
      vat_number: company.vat_number,
      address: company.address,
      email: company.email,
      phone: company.phone,
    },
    customer: {
      name: `${a.first_name} ${a.last_name}`,
      email: order.customer_email,
      address: [
        a.address_line1,
        ...(a.address_line2 ? [a.address_line2] : []),
        `${a.postal_code} ${a.city}`,
        a.country,
      ],
    },
    lines: order.items.map((item) => ({
      name: item.product_name,
      quantity: item.quantity,
      unit_price_cents: item.unit_price_cents,
      total_cents: item.unit_price_cents * item.quantity,
    })),
    subtotal_cents: order.subtotal_cents,
    shipping_cents: order.shipping_cents,
    discount_cents: order.discount_cents,
    promo_code: order.promo_code ?? null,
    total_cents: order.total_cents,
    vat: vatTreatment(company.vat_mode, company.vat_rate, order.total_cents),
    payment: {
      method: paymentMethodLabel(order.payment_method),
      paid_at:
        paymentStatusAfter === "completed" && kind === "invoice" ? now.toISOString() : order.updated_at,
    },
  };
  return { kind, number, counter: { name, current }, snapshot };
}

/** The issued document of an order, for its customer or the admin; 404 when there is none (yet). */
export async function findDocument(
  deps: DataDeps,
  order: OrderRecord,
  kind: InvoiceKind,
): Promise<InvoiceSnapshot> {
  const number = kind === "invoice" ? order.invoice_number : order.credit_note_number;
  if (!number) {
    throw new DomainError(
      "NOT_FOUND",
      kind === "invoice" ? "Aucune facture pour cette commande." : "Aucun avoir pour cette commande.",
    );
  }
  const { data } = await deps.db.entities.invoice.get({ number }).go();
  if (!data) throw new DomainError("NOT_FOUND");
  return JSON.parse(data.snapshot) as InvoiceSnapshot;
}

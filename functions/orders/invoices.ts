import type { EntityItem } from "electrodb";
import { lotsLabel } from "../../src/domain/batches/batches";
import { DomainError } from "../../src/domain/errors";
import {
  formatInvoiceNumber,
  type InvoiceKind,
  type InvoiceSnapshot,
  invoiceCounterName,
  OPERATION_NATURE,
  parseStoredInvoice,
  vatTreatment,
} from "../../src/domain/orders/invoice";
import { paymentMethodLabel } from "../../src/domain/orders/order-status";
import type { RefundAmounts } from "../../src/domain/orders/refund";
import { counterEntity } from "../platform/db/entities/counter";
import type { DataDeps } from "../platform/deps";
import { getSetting } from "../settings/service";
import type { OrderEntity } from "./entity";
import { invoiceEntity } from "./invoice-entity";

type OrderRecord = EntityItem<OrderEntity>;

function parisYear(date: Date): number {
  return Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric" }).format(date));
}

export interface PreparedDocument {
  kind: InvoiceKind;
  number: string;
  counter: { name: string; current: number };
  snapshot: InvoiceSnapshot;
}

/** The part of an order a refund's credit note covers: the returned lines and what was refunded for them. */
export interface RefundPart {
  lines: { index: number; quantity: number }[];
  amounts: RefundAmounts;
}

/**
 * The next document's number is the counter's current value; the transaction that records the payment moves the
 * counter on the condition that it still holds it, so numbers are never skipped nor reused.
 */
export async function prepareDocument(
  deps: DataDeps,
  order: OrderRecord,
  kind: InvoiceKind,
  paymentStatusAfter: string,
  refund?: RefundPart,
): Promise<PreparedDocument> {
  const now = deps.clock();
  const year = parisYear(now);
  const name = invoiceCounterName(kind, year);
  const [{ data: counter }, company] = await Promise.all([
    counterEntity(deps.db).get({ name }).go(),
    getSetting(deps, "company_info"),
  ]);
  const current = counter?.value ?? 0;
  const number = formatInvoiceNumber(kind, year, current + 1);
  const a = order.shipping_address;
  const customer = {
    name: `${a.first_name} ${a.last_name}`,
    address: [
      a.address_line1,
      ...(a.address_line2 ? [a.address_line2] : []),
      `${a.postal_code} ${a.city}`,
      a.country,
    ],
  };
  const snapshot: InvoiceSnapshot = {
    kind,
    number,
    issued_at: now.toISOString(),
    ...(kind === "credit_note" && order.invoice_number
      ? refund
        ? { refers_to: order.invoice_number }
        : { cancels: order.invoice_number }
      : {}),
    order_id: order.id,
    order_number: order.id.slice(-8),
    seller: {
      // Who sells (CGI art. 242 nonies A): the legal name the owner gave, the shop's name before she did.
      name: company.legal_name || company.name,
      legal_form: company.legal_form,
      siret: company.siret,
      vat_number: company.vat_number,
      address: company.address,
      email: company.email,
      phone: company.phone,
    },
    customer,
    // The reform's mentions: the order's one shipping address, the nature of the sale.
    delivery: { name: customer.name, address: customer.address },
    operation_nature: OPERATION_NATURE,
    ...(refund ? refundFigures(order, refund) : orderFigures(order)),
    promo_code: order.promo_code ?? null,
    vat: vatTreatment(company.vat_mode, company.vat_rate, refund?.amounts.total_cents ?? order.total_cents),
    payment: {
      method: paymentMethodLabel(order.payment_method),
      paid_at:
        paymentStatusAfter === "completed" && kind === "invoice" ? now.toISOString() : order.updated_at,
    },
  };
  return { kind, number, counter: { name, current }, snapshot };
}

const documentLine = (item: OrderRecord["items"][number], quantity: number) => ({
  name: item.product_name,
  quantity,
  unit_price_cents: item.unit_price_cents,
  total_cents: item.unit_price_cents * quantity,
  ...(item.reduction && {
    reduction: { kind: item.reduction.kind, reference_cents: item.reduction.reference_cents },
  }),
});

function orderFigures(order: OrderRecord) {
  return {
    lines: order.items.map((item) => ({
      ...documentLine(item, item.quantity),
      // Only for lines that took a recorded lot: a shop that records no batches prints no lot mention.
      ...(item.lots?.length && { lots: lotsLabel(item.lots, item.quantity) }),
    })),
    subtotal_cents: order.subtotal_cents,
    shipping_cents: order.shipping_cents,
    discount_cents: order.discount_cents,
    total_cents: order.total_cents,
  };
}

/** A refund's figures; the discount line absorbs the cent a last refund may differ by, so the document adds up. */
function refundFigures(order: OrderRecord, { lines, amounts }: RefundPart) {
  return {
    lines: lines.flatMap(({ index, quantity }) => {
      const item = order.items[index];
      return item && quantity > 0 ? [documentLine(item, quantity)] : [];
    }),
    subtotal_cents: amounts.goods_cents,
    shipping_cents: amounts.shipping_cents,
    discount_cents: amounts.goods_cents + amounts.shipping_cents - amounts.total_cents,
    total_cents: amounts.total_cents,
  };
}

/** A stored document by number: its order and its snapshot, null when there is none. */
export async function storedDocument(
  deps: DataDeps,
  number: string,
): Promise<{ order_id: string; snapshot: string } | null> {
  return (await invoiceEntity(deps.db).get({ number }).go()).data;
}

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
  const { data } = await invoiceEntity(deps.db).get({ number }).go();
  if (!data) throw new DomainError("NOT_FOUND");
  return parseStoredInvoice(data.snapshot);
}

export async function findCreditNote(
  deps: DataDeps,
  order: OrderRecord,
  number: string,
): Promise<InvoiceSnapshot> {
  const numbers = [
    order.credit_note_number,
    ...(order.refunds ?? []).map((refund) => refund.credit_note_number),
  ];
  if (!numbers.includes(number))
    throw new DomainError("NOT_FOUND", "Aucun avoir de ce numéro pour cette commande.");
  const { data } = await invoiceEntity(deps.db).get({ number }).go();
  if (!data || data.order_id !== order.id) throw new DomainError("NOT_FOUND");
  return parseStoredInvoice(data.snapshot);
}

/** The stored snapshots of the documents numbered `keys`, those that exist, read by BatchGet until none is left. */
export async function storedSnapshots(
  deps: DataDeps,
  keys: { number: string }[],
): Promise<InvoiceSnapshot[]> {
  const documents: InvoiceSnapshot[] = [];
  let pending = keys;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 5) throw new Error(`${pending.length} documents left unread by BatchGet`);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    const { data, unprocessed } = await invoiceEntity(deps.db).get(pending).go({ concurrency: 4 });
    for (const item of data) documents.push(parseStoredInvoice(item.snapshot));
    pending = unprocessed.map(({ number }) => ({ number }));
  }
  return documents;
}

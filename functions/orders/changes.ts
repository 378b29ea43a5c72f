import type { EntityItem } from "electrodb";
import { DomainError } from "../../src/domain/errors";
import { isZeroDelta, orderStatsDelta } from "../../src/domain/orders/order-stats";
import type { OrderStatus } from "../../src/domain/orders/order-status";
import { counterEntity } from "../platform/db/entities/counter";
import { retryOnStale, STALE } from "../platform/db/retry-on-stale";
import type { Db } from "../platform/db/service";
import { addToStats } from "../platform/db/stats";
import { type Commit, writeTransaction } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import type { OrderEntity } from "./entity";
import { orderEntity } from "./entity";
import { invoiceEntity } from "./invoice-entity";
import { type PreparedDocument, prepareDocument } from "./invoices";

type OrderRecord = EntityItem<OrderEntity>;

/**
 * `status` and `payment_status` change only by a move of the lifecycle's table (moveOrder): typed `never` here, so
 * any other write of them fails to compile, and tests/tooling/order-writes.test.ts scans for writers.
 */
export type OrderFields = Partial<
  Pick<
    OrderRecord,
    | "invoice_number"
    | "credit_note_number"
    | "refunds"
    | "paypal_refund_id"
    | "refunded_cents"
    | "paypal_capture_id"
    | "paypal_payer_id"
    | "capture_started_at"
    | "auto_refund_id"
    | "released_at"
    | "shipping_company"
    | "tracking_number"
    | "estimated_delivery"
    | "shipping_notes"
    | "shipping_label_key"
    | "tracking_events"
  >
> & { status?: never; payment_status?: never };

export type LifecycleFields = Partial<Pick<OrderRecord, "status" | "payment_status">>;

export type DocumentKind = "invoice" | "credit_note";

export interface OrderChange {
  set: OrderFields;
  with?: () => Commit[];
  /** One of each kind per order, ever. */
  documents?: DocumentKind[];
}

export interface LifecycleChange extends OrderChange {
  move?: {
    to: LifecycleFields;
    statuses: OrderStatus[];
    at?: string;
  };
}

/** An invoice once, a credit note once and only after one. */
export function documentsDue(order: OrderRecord, kinds: readonly DocumentKind[] = []): DocumentKind[] {
  // A change that both receives and undoes a payment (PayPal says "paid, then refunded") issues both, in this order.
  const invoiced = Boolean(order.invoice_number) || kinds.includes("invoice");
  return kinds.filter((kind) =>
    kind === "invoice" ? !order.invoice_number : invoiced && !order.credit_note_number,
  );
}

type Decide<Change> = (order: OrderRecord) => Change | null | Promise<Change | null>;

/**
 * Optimistic concurrency: the write is conditioned on the version `decide` saw, and decided again on the fresh order
 * when someone else changed it first. Never the statuses: those are the lifecycle's (moveOrder).
 */
export function changeOrder(
  deps: DataDeps,
  id: string,
  decide: Decide<OrderChange>,
): Promise<{ order: OrderRecord; changed: boolean }> {
  return writeOrderChange(deps, id, decide);
}

/** Imported by lifecycle.ts alone (tests/tooling/order-writes.test.ts checks it). */
export async function writeLifecycleChange(
  deps: DataDeps,
  id: string,
  decide: Decide<LifecycleChange>,
): Promise<{ order: OrderRecord; changed: boolean }> {
  return writeOrderChange(deps, id, decide);
}

async function writeOrderChange(
  deps: DataDeps,
  id: string,
  decide: Decide<LifecycleChange>,
): Promise<{ order: OrderRecord; changed: boolean }> {
  // Invoice numbers are one counter: many payments at once queue on it (retryOnStale's bound covers them).
  return retryOnStale<{ order: OrderRecord; changed: boolean }, never>(
    async () => {
      const { data: order } = await orderEntity(deps.db).get({ id }).go();
      if (!order) throw new DomainError("ORDER_NOT_FOUND");
      const decided = await decide(order);
      if (!decided) return { order, changed: false };
      const change = await withDocuments(deps, order, decided);

      const now = deps.clock().toISOString();
      const to = change.move?.to ?? {};
      const fields = { ...change.set, ...to };
      const statusChanged = to.status !== undefined && to.status !== order.status;
      const history = statusChanged
        ? (change.move?.statuses ?? [to.status as OrderStatus]).map((status) => ({
            status,
            at: change.move?.at ?? now,
          }))
        : [];
      const after: OrderRecord = {
        ...order,
        ...fields,
        updated_at: now,
        version: (order.version ?? 0) + 1,
        status_history: [...order.status_history, ...history],
      };
      const delta = orderStatsDelta(order, after);
      const outcome = await writeTransaction(deps.db, () => {
        let patch = orderEntity
          .transact(deps.db)
          .patch({ id })
          .set({ ...fields, updated_at: now })
          .add({ version: 1 });
        if (history.length) patch = patch.append({ status_history: history });
        return [
          {
            commit: patch.where(({ version }, { eq }) => eq(version, order.version ?? 0)).commit(),
            onFailed: "stale",
          },
          ...(isZeroDelta(delta) ? [] : [addToStats(deps.db, "all", id, delta)]),
          // The effects were decided on what was read (a product there, a counter's value): if that changed, decide
          // again.
          ...(change.with?.() ?? []).map((commit) => ({ commit, onFailed: "stale" as const })),
        ];
      });
      return outcome === "written" ? { order: after, changed: true } : STALE;
    },
    () => {
      throw new DomainError("CONFLICT");
    },
  );
}

/**
 * Documents are issued in the transaction that records the change: the counter moves on the condition that it still
 * holds the value the number was made from, or nothing is written and the change is retried.
 */
async function withDocuments(
  deps: DataDeps,
  order: OrderRecord,
  change: LifecycleChange,
): Promise<LifecycleChange> {
  const paymentAfter = change.move?.to.payment_status ?? order.payment_status;
  const documents: PreparedDocument[] = [];
  let issuedFor = order;
  for (const kind of documentsDue(order, change.documents)) {
    const document = await prepareDocument(deps, issuedFor, kind, paymentAfter);
    documents.push(document);
    // The credit note of the same change cites the invoice it just issued.
    if (kind === "invoice") issuedFor = { ...order, invoice_number: document.number };
  }
  if (!documents.length) return change;
  const set: OrderFields = { ...change.set };
  for (const document of documents) {
    if (document.kind === "invoice") set.invoice_number = document.number;
    else set.credit_note_number = document.number;
  }
  return {
    ...change,
    set,
    with: () => [
      ...(change.with?.() ?? []),
      ...documents.flatMap((document) => documentWrites(deps.db, order, document)),
    ],
  };
}

export function documentWrites(
  db: Db,
  order: OrderRecord,
  { kind, number, counter, snapshot }: PreparedDocument,
): Commit[] {
  return [
    counterEntity
      .transact(db)
      .update({ name: counter.name })
      .set({ value: counter.current + 1 })
      .where(({ value }, { eq, notExists }) =>
        counter.current === 0 ? notExists(value) : eq(value, counter.current),
      )
      .commit(),
    invoiceEntity
      .transact(db)
      .create({
        number,
        kind,
        order_id: order.id,
        user_id: order.user_id,
        issued_at: snapshot.issued_at,
        snapshot: JSON.stringify(snapshot),
      })
      .commit(),
  ];
}

import type { EntityItem } from "electrodb";
import { DomainError } from "../../src/domain/errors";
import type { OrderStatus } from "../../src/domain/order-status";
import { isZeroDelta, orderStatsDelta } from "../../src/domain/stats";
import type { OrderEntity } from "../db/entities/order";
import type { Db } from "../db/service";
import type { DataDeps } from "./deps";

type OrderRecord = EntityItem<typeof OrderEntity>;
type TransactionEntities = Parameters<Parameters<Db["service"]["transaction"]["write"]>[0]>[0];
type Commit = ReturnType<ReturnType<TransactionEntities["product"]["create"]>["commit"]>;

export type OrderFields = Partial<
  Pick<
    OrderRecord,
    | "status"
    | "payment_status"
    | "paypal_capture_id"
    | "paypal_payer_id"
    | "released_at"
    | "shipping_company"
    | "tracking_number"
    | "estimated_delivery"
    | "shipping_notes"
  >
>;

export interface OrderChange {
  set: OrderFields;
  /** More writes that must happen with this change, in the same transaction (restock, promo use back). */
  with?: (entities: TransactionEntities) => Commit[];
}

const MAX_ATTEMPTS = 12;

/**
 * Changes an order with optimistic concurrency: `decide` sees the current order and says what to change (or null:
 * nothing to do); the write is conditioned on the version it saw, carries the status history entry and the
 * dashboard counters' delta, and is retried on the fresh order when someone else changed it first.
 */
export async function changeOrder(
  deps: DataDeps,
  id: string,
  decide: (order: OrderRecord) => OrderChange | null,
): Promise<{ order: OrderRecord; changed: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const { data: order } = await deps.db.entities.order.get({ id }).go();
    if (!order) throw new DomainError("ORDER_NOT_FOUND");
    const change = decide(order);
    if (!change) return { order, changed: false };

    const now = deps.clock().toISOString();
    const statusChanged = change.set.status !== undefined && change.set.status !== order.status;
    const after: OrderRecord = {
      ...order,
      ...change.set,
      updated_at: now,
      version: (order.version ?? 0) + 1,
      status_history: statusChanged
        ? [...order.status_history, { status: change.set.status as OrderStatus, at: now }]
        : order.status_history,
    };
    const delta = orderStatsDelta(order, after);
    const { canceled } = await deps.db.service.transaction
      .write((entities) => {
        let patch = entities.order
          .patch({ id })
          .set({ ...change.set, updated_at: now })
          .add({ version: 1 });
        if (statusChanged)
          patch = patch.append({ status_history: [{ status: after.status as OrderStatus, at: now }] });
        return [
          patch.where(({ version }, { eq }) => eq(version, order.version ?? 0)).commit(),
          ...(isZeroDelta(delta) ? [] : [entities.stats.update({ scope: "all" }).add(delta).commit()]),
          ...(change.with?.(entities) ?? []),
        ];
      })
      .go();
    if (!canceled) return { order: after, changed: true };
    if (attempt >= MAX_ATTEMPTS) throw new DomainError("CONFLICT");
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
  }
}

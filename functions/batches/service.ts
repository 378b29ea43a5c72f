/**
 * docs/decisions/018-batches-and-recalls.md. Regulation (EC) 1223/2009 art. 19(1)(e): the batch number on the label;
 * Regulation (EU) 2023/988 (GPSR) art. 35 and 36: a recall reaches the buyers by the means the seller has (each order's
 * e-mail).
 */

import type { Batch, NewBatch, RecallEntry } from "../../src/domain/batches/batches";
import { DomainError } from "../../src/domain/errors";
import { orderNumber } from "../../src/domain/orders/order-status";
import { consumerMediator } from "../../src/domain/settings/settings";
import { findProduct } from "../catalog/product-reads";
import { retryOnStale, STALE } from "../platform/db/retry-on-stale";
import { writeTransaction } from "../platform/db/transaction";
import type { DataDeps, Deps } from "../platform/deps";
import { getSetting } from "../settings/service";
import type { BatchRecord } from "./batch-stock";
import { batchEntity, batchSaleEntity } from "./entity";
import { recallMail } from "./mails";

function conditionFailed(error: unknown): boolean {
  const failure = error as { name?: string; cause?: { name?: string } } | null;
  return (
    failure?.cause?.name === "ConditionalCheckFailedException" ||
    failure?.name === "ConditionalCheckFailedException"
  );
}

export function toBatch(record: BatchRecord): Batch {
  return {
    product_id: record.product_id,
    lot: record.lot,
    made_on: record.made_on,
    dried_on: record.dried_on ?? null,
    expires_on: record.expires_on ?? null,
    pao_months: record.pao_months ?? null,
    inci_version: record.inci_version,
    quantity: record.quantity,
    remaining: record.remaining,
    created_at: record.created_at,
  };
}

export async function createBatch(
  deps: DataDeps,
  adminId: string,
  productId: number,
  input: NewBatch,
): Promise<Batch> {
  const product = await findProduct(deps, productId);
  if (!product) throw new DomainError("PRODUCT_NOT_FOUND");
  const record: BatchRecord = {
    product_id: productId,
    lot: input.lot,
    made_on: input.made_on,
    dried_on: input.dried_on ?? undefined,
    expires_on: input.expires_on ?? undefined,
    pao_months: input.pao_months ?? undefined,
    inci_version: input.inci_version,
    quantity: input.quantity,
    remaining: input.quantity,
    created_at: deps.clock().toISOString(),
    admin_id: adminId,
  };
  try {
    await batchEntity(deps.db).create(record).go();
  } catch (error) {
    if (conditionFailed(error))
      throw new DomainError("CONFLICT", `Le lot « ${input.lot} » existe déjà pour ce produit.`);
    throw error;
  }
  return toBatch(record);
}

/** Never below 0, conditioned on what is left so a sale meanwhile is never overwritten. */
export async function adjustBatch(
  deps: DataDeps,
  productId: number,
  lot: string,
  adjustment: { delta: number; note: string; adminId: string },
): Promise<Batch> {
  const { delta } = adjustment;
  return retryOnStale(
    async () => {
      const { data } = await batchEntity(deps.db)
        .get({ product_id: productId, lot })
        .go({ consistent: true });
      if (!data) throw new DomainError("NOT_FOUND", "Lot introuvable pour ce produit.");
      const remaining = data.remaining + delta;
      if (remaining < 0)
        throw new DomainError(
          "STOCK_NEGATIVE",
          `Le lot ne peut pas devenir négatif : ${data.remaining} restant(s), vous retirez ${-delta}.`,
          { stock: data.remaining },
        );
      const outcome = await writeTransaction(deps.db, () => [
        {
          commit: batchEntity
            .transact(deps.db)
            .patch({ product_id: productId, lot })
            .add({ remaining: delta })
            .append({
              adjustments: [
                {
                  at: deps.clock().toISOString(),
                  delta,
                  note: adjustment.note,
                  admin_id: adjustment.adminId,
                },
              ],
            })
            .where(({ remaining: current }, { eq }) => eq(current, data.remaining))
            .commit(),
          onFailed: "stale",
        },
      ]);
      return outcome === "written" ? toBatch({ ...data, remaining }) : STALE;
    },
    (): never => {
      throw new DomainError("CONFLICT", "Le lot change sans cesse en ce moment : réessayez dans un instant.");
    },
  );
}

/** What a recall reads of the orders that got a lot: orders, built on batches, hands it in through functions/main. */
export interface RecallOrder {
  id: string;
  created_at: string;
  customer_name?: string;
  customer_email: string;
}
export type RecallOrdersOf = (deps: DataDeps, ids: readonly string[]) => Promise<RecallOrder[]>;

export async function recallList(
  deps: DataDeps,
  ordersOf: RecallOrdersOf,
  productId: number,
  lot: string,
): Promise<RecallEntry[]> {
  const { data: batch } = await batchEntity(deps.db).get({ product_id: productId, lot }).go();
  if (!batch) throw new DomainError("NOT_FOUND", "Lot introuvable pour ce produit.");
  const { data: sales } = await batchSaleEntity(deps.db)
    .query.byLot({ product_id: productId, lot })
    .go({ pages: "all", consistent: true });
  const orders = sales.length
    ? await ordersOf(
        deps,
        sales.map((sale) => sale.order_id),
      )
    : [];
  const byId = new Map(orders.map((order) => [order.id, order]));
  return sales
    .flatMap((sale) => {
      const order = byId.get(sale.order_id);
      if (!order) return [];
      return [
        {
          order_id: order.id,
          order_number: orderNumber(order.id),
          ordered_at: order.created_at,
          customer_name: order.customer_name ?? "",
          customer_email: order.customer_email,
          quantity: sale.quantity,
          notified_at: sale.notified_at ?? null,
          notified_email: sale.notified_email ?? null,
        },
      ];
    })
    .sort((a, b) => a.ordered_at.localeCompare(b.ordered_at));
}

export interface RecallResult {
  sent: number;
  entries: RecallEntry[];
}

/**
 * Once per order and lot: the record is set on the condition that it is not, before the mail leaves. An erased
 * customer is listed as unreachable. A failed mail clears its record again, so the next click retries it.
 */
export async function sendRecall(
  deps: Deps,
  ordersOf: RecallOrdersOf,
  adminId: string,
  productId: number,
  lot: string,
  /** The risk, as the owner describes it (Regulation (EU) 2023/988 art. 36(2)); printed in every mail. */
  risk: string,
): Promise<RecallResult> {
  const entries = await recallList(deps, ordersOf, productId, lot);
  const product = await findProduct(deps, productId);
  const { data: batch } = await batchEntity(deps.db).get({ product_id: productId, lot }).go();
  const company = await getSetting(deps, "company_info");
  let sent = 0;
  for (const entry of entries) {
    if (entry.notified_at || !entry.customer_email) continue;
    const at = deps.clock().toISOString();
    try {
      await batchSaleEntity(deps.db)
        .patch({ product_id: productId, lot, order_id: entry.order_id })
        .set({ notified_at: at, notified_email: entry.customer_email, notified_by: adminId })
        .where(({ notified_at }, { notExists }) => notExists(notified_at))
        .go();
    } catch (error) {
      if (conditionFailed(error)) continue;
      throw error;
    }
    try {
      await deps.mailer.send(
        recallMail(
          {
            to: entry.customer_email,
            customerName: entry.customer_name,
            orderNumber: entry.order_number,
            productName: product?.name ?? "",
            lot: batch?.lot ?? lot,
            quantity: entry.quantity,
            risk,
          },
          {
            shopName: company.name,
            siteUrl: deps.siteUrl,
            mediator: consumerMediator(company),
            email: company.email,
          },
        ),
      );
      sent++;
    } catch (error) {
      console.error(`Recall of lot ${lot}: the mail of order ${entry.order_id} could not be sent`, error);
      await batchSaleEntity(deps.db)
        .patch({ product_id: productId, lot, order_id: entry.order_id })
        .remove(["notified_at", "notified_email", "notified_by"])
        .go();
    }
  }
  return { sent, entries: await recallList(deps, ordersOf, productId, lot) };
}

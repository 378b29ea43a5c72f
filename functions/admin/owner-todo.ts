/**
 * The owner's to-do list (issue 19): reads what the rules of src/domain/admin/admin/owner-todo.ts need, with the cheapest read
 * each list has, and lets them decide. Shared by the dashboard (GET /api/admin/todo) and the daily summary e-mail.
 */
import type { TodoBatch, TodoOrder, TodoWithdrawal } from "../../src/domain/admin/owner-todo/facts";
import { type OwnerTodo, ownerTodo } from "../../src/domain/admin/owner-todo/list";
import { limitConcurrency } from "../platform/adapters/concurrency";
import type { DataDeps } from "../platform/deps";
import { sitePublishStatus } from "../site/publishing";
import { listWithdrawalsForAdmin } from "../withdrawals/service";
import { listProblems } from "./owner-problems";

/** The order attributes the rules read: the query asks for these only. */
const ORDER_ATTRIBUTES = [
  "id",
  "created_at",
  "updated_at",
  "status",
  "payment_method",
  "payment_status",
  "customer_name",
  "customer_email",
  "total_cents",
  "transfer_reference",
  "transfer_reminded_at",
  "status_history",
  "refunds",
  "shipping_company",
  "tracking_number",
  "tracking_events",
  // What an unpaid transfer holds: the list flags one that holds most of a product.
  "items",
] as const;

/**
 * The orders that may still need the owner: not delivered-and-settled (shipped ones included: a parcel may get stuck). Index: gsi2, the orders' partition ("all
 * orders, newest first"), the only index that lists every customer's orders; the table has no index by status, so
 * the open ones are picked here (orders to ship, transfers awaited, refunds due). An artisan's few thousand orders a
 * year are a few pages of one query, never a table scan. When the history grows past that, the next step is a
 * sparse "open orders" index written by the lifecycle (order-changes.ts), which this function would query instead.
 */
async function openOrders(deps: DataDeps): Promise<TodoOrder[]> {
  const { data } = await deps.db.entities.order.query
    .all({})
    .go({ pages: "all", attributes: [...ORDER_ATTRIBUTES] });
  return (data as TodoOrder[]).filter(
    (order) =>
      order.status === "pending" ||
      order.status === "confirmed" ||
      // On its way: a parcel without news for a week is the owner's to chase (issue 31).
      order.status === "shipped" ||
      (order.status === "cancelled" && order.payment_status === "completed") ||
      (order.refunds ?? []).some((refund) => refund.status === "due"),
  );
}

/**
 * Every withdrawal with where its refund stands. Index: gsi2, the withdrawals' partition ("all withdrawals"), then
 * their orders by key in one BatchGetItem (services/withdrawals.ts, the same list the dashboard's panel shows).
 */
async function withdrawals(deps: DataDeps): Promise<TodoWithdrawal[]> {
  return listWithdrawalsForAdmin(deps);
}

const batchReads = limitConcurrency(8, 10_000);

/**
 * The catalogue and its batches. Products: the product partition (table, one query). Batches: one query per
 * product on the table's key (pk = the product, sk = the lot), at most 8 at once: a catalogue has tens of products.
 */
async function catalogue(deps: DataDeps) {
  const { data: products } = await deps.db.entities.product.query
    .byId({})
    .go({ pages: "all", attributes: ["id", "name", "stock", "low_stock_threshold", "is_active"] });
  const batches = await Promise.all(
    products.map((product) =>
      batchReads(async () => {
        const { data } = await deps.db.entities.batch.query
          .byProduct({ product_id: product.id })
          .go({ pages: "all", attributes: ["product_id", "lot", "expires_on", "remaining"] });
        return data as TodoBatch[];
      }),
    ),
  );
  return { products, batches: batches.flat() };
}

/**
 * The to-do list now (deps.clock). Publishing: the one site_publish item, by key (table). Problems: their one
 * partition (table), a handful of items at most.
 */
export async function currentOwnerTodo(deps: DataDeps): Promise<OwnerTodo> {
  const [orders, requests, { products, batches }, publishing, problems] = await Promise.all([
    openOrders(deps),
    withdrawals(deps),
    catalogue(deps),
    sitePublishStatus(deps),
    listProblems(deps),
  ]);
  return ownerTodo({ orders, withdrawals: requests, products, batches, publishing, problems }, deps.clock());
}

/** Reads what the rules of src/domain/admin/owner-todo/ need, with the cheapest read each list has. */
import type { TodoBatch, TodoOrder, TodoWithdrawal } from "../../src/domain/admin/owner-todo/facts";
import { type OwnerTodo, ownerTodo } from "../../src/domain/admin/owner-todo/list";
import { productBatches } from "../batches/batch-stock";
import { allProducts } from "../catalog/product-reads";
import { allOrders } from "../orders/service";
import { limitConcurrency } from "../platform/adapters/concurrency";
import type { DataDeps } from "../platform/deps";
import { listProblems } from "../platform/owner-problems";
import { sitePublishStatus } from "../publishing/publishing";
import { reviewsAwaiting } from "../reviews/pending-count";
import { listWithdrawalsForAdmin } from "../withdrawals/service";

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
 * gsi2 is the only index listing every customer's orders and the table has none by status, so the open ones are
 * picked here. An artisan's few thousand orders a year are a few pages, never a scan; past that, the next step is a
 * sparse "open orders" index written by the lifecycle.
 */
async function openOrders(deps: DataDeps): Promise<TodoOrder[]> {
  const data = await allOrders(deps, ORDER_ATTRIBUTES);
  return (data as TodoOrder[]).filter(
    (order) =>
      order.status === "pending" ||
      order.status === "confirmed" ||
      // On its way: a parcel without news for a week is the owner's to chase.
      order.status === "shipped" ||
      (order.status === "cancelled" && order.payment_status === "completed") ||
      (order.refunds ?? []).some((refund) => refund.status === "due"),
  );
}

async function withdrawals(deps: DataDeps): Promise<TodoWithdrawal[]> {
  return listWithdrawalsForAdmin(deps);
}

const batchReads = limitConcurrency(8, 10_000);

/** One query per product on the table's key, at most 8 at once: a catalogue has tens of products. */
async function catalogue(deps: DataDeps) {
  const products = await allProducts(deps, ["id", "name", "stock", "low_stock_threshold", "is_active"]);
  const batches = await Promise.all(
    products.map((product) =>
      batchReads(
        async () =>
          (await productBatches(deps, product.id, [
            "product_id",
            "lot",
            "expires_on",
            "remaining",
          ])) as TodoBatch[],
      ),
    ),
  );
  return { products, batches: batches.flat() };
}

export async function currentOwnerTodo(deps: DataDeps): Promise<OwnerTodo> {
  const [orders, requests, { products, batches }, publishing, problems, reviews] = await Promise.all([
    openOrders(deps),
    withdrawals(deps),
    catalogue(deps),
    sitePublishStatus(deps),
    listProblems(deps),
    reviewsAwaiting(deps),
  ]);
  return ownerTodo(
    { orders, withdrawals: requests, products, batches, publishing, problems, reviews },
    deps.clock(),
  );
}

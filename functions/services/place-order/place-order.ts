import { DomainError } from "../../../src/domain/errors";
import type { OrderRequest } from "../../../src/domain/order";
import type { PaymentMethod } from "../../../src/domain/order-status";
import { mergeLines } from "../../../src/domain/pricing";
import { shopSetup } from "../../../src/domain/shop-setup";
import { newId } from "../../adapters/ids";
import type { AuthUser } from "../auth";
import { allocateOrderLots } from "../batch-stock";
import type { DataDeps } from "../deps";
import type { OrderRecord } from "../orders";
import { markSiteStale } from "../publishing";
import { getSettings } from "../settings";
import { assertSells } from "../shop-setup";
import { watchLowStock } from "../stock-alerts";
import { writeTransaction } from "../transaction";
import { quoteFrom, readQuote } from "./quote";
import { newOrderRecord } from "./record";
import { orderTransactionItems } from "./transaction-items";

export interface PlaceOrderOptions {
  paymentMethod: PaymentMethod;
  idempotencyKey?: string;
  /** Bank transfer: the name of the person who will send the transfer. */
  transferSenderName?: string;
}

export interface PlacedOrder {
  order: OrderRecord;
  /** True when an earlier request with the same Idempotency-Key had already placed it. */
  replayed: boolean;
}

async function findByIdempotencyKey(
  deps: DataDeps,
  userId: string,
  key: string,
): Promise<OrderRecord | null> {
  const { data } = await deps.db.entities.idempotencyKey.get({ user_id: userId, key }).go();
  if (!data) return null;
  return (await deps.db.entities.order.get({ id: data.order_id }).go()).data;
}

/** The settings an order is judged by: maintenance, what the shop needs to sell (shop-setup.ts), shipping. */
const ORDER_SETTINGS = [
  "maintenance",
  "company_info",
  "payment_bank_transfer",
  "payment_paypal",
  "shipping",
] as const;

/**
 * Places an order: priced from the catalogue, the shipping settings and the promo code checked again (quoteFrom),
 * then written in ONE transaction (orderTransactionItems) whose failed conditions answer 409 by name: the last units
 * sold, the promo used up, today's use already made. The order starts pending / pending: a bank transfer awaited,
 * or a PayPal hold awaiting its capture. A reused Idempotency-Key answers with the first order.
 *
 * Everything it reads is asked at once, in one round before the transaction (the settings in one BatchGetItem, or
 * none while this container's copy is fresh; the earlier order under the Idempotency-Key; the products; the
 * address; the promo and today's uses of it; the products' lots); the rules are then checked in their order, so the
 * answer is the one the first failing rule gives, as if each had been read in turn.
 */
export async function placeOrder(
  deps: DataDeps,
  user: AuthUser,
  request: OrderRequest,
  options: PlaceOrderOptions,
): Promise<PlacedOrder> {
  const lines = mergeLines(request.items);
  const replay = async () =>
    options.idempotencyKey ? await findByIdempotencyKey(deps, user.id, options.idempotencyKey) : null;
  const [settings, earlier, reads, firstLots] = await Promise.all([
    getSettings(deps, ORDER_SETTINGS),
    replay(),
    readQuote(deps, user, request),
    allocateOrderLots(deps, lines),
  ]);
  if (settings.maintenance.enabled && !user.is_admin) throw new DomainError("MAINTENANCE");
  assertSells(shopSetup(settings), options.paymentMethod);
  if (earlier) return { order: earlier, replayed: true };

  const now = deps.clock();
  const quote = quoteFrom(reads, settings.shipping, request, now);
  const id = newId();
  // Whether this order may bring a product to its low-stock threshold (decision record 026).
  const stockWatch = watchLowStock(quote.lines);
  // The lots are decided from the batches as read; a lot sold meanwhile fails its condition ("stale"): read them
  // again and decide again (decision record 018). The order's id stays the same across attempts.
  let lots = firstLots;
  for (let attempt = 1; attempt <= 30; attempt++) {
    if (attempt > 1) lots = await allocateOrderLots(deps, lines);
    const order = newOrderRecord({
      id,
      user,
      quote,
      paymentMethod: options.paymentMethod,
      orderNotes: request.order_notes,
      transferSenderName: options.transferSenderName,
      createdAt: now.toISOString(),
      lots,
    });
    const outcome = await writeTransaction(deps.db, (entities) =>
      orderTransactionItems(entities, {
        order,
        promo: quote.promo,
        idempotencyKey: options.idempotencyKey,
        now,
        stockWatch,
      }),
    );
    if (outcome === "written") {
      await stockWatch.afterSale(deps);
      // The last units sold: the product's pages say "out of stock" in their structured data after a publish.
      const soldOut = quote.lines.filter((line) => line.product.stock <= line.quantity);
      if (soldOut.length)
        await markSiteStale(deps, `En rupture : ${soldOut.map((line) => line.product.name).join(", ")}`);
      return { order, replayed: false };
    }
    if (outcome === "replay") break;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(10 * attempt, 100)));
  }
  const first = await replay();
  if (first) return { order: first, replayed: true };
  throw new DomainError("CONFLICT", "La boutique est très sollicitée : veuillez réessayer dans un instant.");
}

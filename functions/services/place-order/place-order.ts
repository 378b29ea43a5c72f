import { DomainError } from "../../../src/domain/errors";
import type { OrderRequest } from "../../../src/domain/order";
import type { PaymentMethod } from "../../../src/domain/order-status";
import { mergeLines } from "../../../src/domain/pricing";
import { shopSetup } from "../../../src/domain/shop-setup";
import { newId } from "../../adapters/ids";
import { type AuthUser, resolveSession, sessionInRound, sessionUserId } from "../auth";
import { allocateOrderLots } from "../batch-stock";
import type { DataDeps } from "../deps";
import type { OrderRecord } from "../orders";
import { markSiteStale } from "../publishing";
import { type ReadRound, readRound } from "../read-round";
import { retryOnStale, STALE } from "../retry-on-stale";
import { getSettings } from "../settings";
import { assertSells } from "../shop-setup";
import { watchLowStock } from "../stock-alerts";
import { writeTransaction } from "../transaction";
import { assertSameRequest, requestFingerprint } from "./fingerprint";
import { type PricedLine, quoteFrom, quoteReadsInRound, sellableProduct } from "./quote";
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

/** The order first placed under the key, when this request is that one again (422 when it is another). */
async function findByIdempotencyKey(
  deps: DataDeps,
  userId: string,
  key: string,
  fingerprint: string,
): Promise<OrderRecord | null> {
  const { data } = await deps.db.entities.idempotencyKey.get({ user_id: userId, key }).go();
  assertSameRequest(data, fingerprint);
  return data ? earlierOrder(deps, data.order_id) : null;
}

async function earlierOrder(deps: DataDeps, id: string): Promise<OrderRecord | null> {
  return (await deps.db.entities.order.get({ id }).go()).data;
}

/**
 * Who places the order: a caller already signed in (the PayPal route's session middleware), or the session token
 * of POST /api/orders, proven in the order's own read round (the session is read with the rest, and checked before
 * any rule is judged or anything is answered: a token naming someone else's id learns nothing).
 */
export type OrderCaller = { user: AuthUser } | { sessionToken: string };

/** The caller's user id to read with (the token's, trusted only once proven) and the proof, after the round. */
async function callerInRound(
  deps: DataDeps,
  round: ReadRound,
  caller: OrderCaller,
): Promise<{ userId: string; prove: () => Promise<AuthUser> }> {
  if ("user" in caller) return { userId: caller.user.id, prove: async () => caller.user };
  const unauthenticated = () => new DomainError("UNAUTHENTICATED");
  const userId = sessionUserId(caller.sessionToken);
  if (!userId) {
    // A token opened before issue 18 names nobody: its session first, as before.
    const session = await resolveSession(deps, caller.sessionToken);
    if (!session) throw unauthenticated();
    return { userId: session.user.id, prove: async () => session.user };
  }
  const check = sessionInRound(deps, round, caller.sessionToken);
  return {
    userId,
    prove: async () => {
      const session = await check();
      if (!session) throw unauthenticated();
      return session.user;
    },
  };
}

/**
 * The stock of each of the order's products as it is now (a strongly consistent read: the attempt is conditioned
 * on it), the order refused by name when a product is no longer for sale or too few units are left.
 */
async function stocksNow(
  deps: DataDeps,
  quote: { lines: readonly PricedLine[] },
): Promise<Map<number, number>> {
  const { data } = await deps.db.entities.product
    .get(quote.lines.map((line) => ({ id: line.product.id })))
    .go({ consistent: true });
  const byId = new Map(data.map((product) => [product.id, product]));
  return new Map(
    quote.lines.map((line) => [
      line.product.id,
      sellableProduct(byId.get(line.product.id), line.quantity).stock,
    ]),
  );
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
 * or a PayPal hold awaiting its capture. A retried request (same Idempotency-Key, same body and payment method: its
 * fingerprint, fingerprint.ts) answers with the first order; another request under a used key gets 422.
 *
 * Everything it reads is asked at once, in one round before the transaction: one BatchGetItem (read-round.ts) for
 * the caller's session and user when the caller is a token, the earlier order under the Idempotency-Key, the
 * products, the address, the promo and today's uses of it; beside it the products' lots and the settings (none
 * while this container's copy is fresh). The session is proven first; the rules are then checked in their order, so
 * the answer is the one the first failing rule gives, as if each had been read in turn (decision record 024).
 */
export async function placeOrder(
  deps: DataDeps,
  caller: OrderCaller,
  request: OrderRequest,
  options: PlaceOrderOptions,
): Promise<PlacedOrder> {
  const lines = mergeLines(request.items);
  const round = readRound(deps.db);
  const { userId, prove } = await callerInRound(deps, round, caller);
  const key = options.idempotencyKey;
  const fingerprint = requestFingerprint(options.paymentMethod, request);
  const earlierKey = key ? round.get(deps.db.entities.idempotencyKey, { user_id: userId, key }) : null;
  const quoteReads = quoteReadsInRound(deps, round, userId, request);
  const [settings, firstLots] = await Promise.all([
    getSettings(deps, ORDER_SETTINGS),
    allocateOrderLots(deps, lines),
    round.run(),
  ]);
  const user = await prove();
  if (settings.maintenance.enabled && !user.is_admin) throw new DomainError("MAINTENANCE");
  assertSells(shopSetup(settings), options.paymentMethod);
  assertSameRequest(earlierKey?.value, fingerprint);
  const earlier = earlierKey?.value ? await earlierOrder(deps, earlierKey.value.order_id) : null;
  if (earlier) return { order: earlier, replayed: true };

  const reads = quoteReads();
  const now = deps.clock();
  const quote = quoteFrom(reads, settings.shipping, request, now);
  const id = newId();
  // Whether this order may bring a product to its low-stock threshold (decision record 026).
  const stockWatch = watchLowStock(quote.lines);
  // The lots are decided from the batches as read; a lot sold meanwhile fails its condition ("stale"): read them
  // again and decide again (decision record 018). The order's id stays the same across attempts.
  let lots = firstLots;
  let stocks = new Map(quote.lines.map((line) => [line.product.id, line.product.stock]));
  const written = await retryOnStale(
    async (attempt) => {
      if (attempt > 1)
        [lots, stocks] = await Promise.all([allocateOrderLots(deps, lines), stocksNow(deps, quote)]);
      const movedAt = deps.clock().toISOString();
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
          fingerprint,
          now,
          stockWatch,
          stocks,
          movedAt,
        }),
      );
      if (outcome === "written") return order;
      return outcome === "replay" ? null : STALE;
    },
    () => null,
  );
  if (written) {
    await stockWatch.afterSale(deps);
    // The last units sold: the product's pages say "out of stock" in their structured data after a publish. Judged
    // on the stock the written attempt read and sold from (a retried attempt read it again), not the first read.
    const soldOut = quote.lines.filter((line) => (stocks.get(line.product.id) ?? 0) <= line.quantity);
    if (soldOut.length)
      await markSiteStale(deps, `En rupture : ${soldOut.map((line) => line.product.name).join(", ")}`);
    return { order: written, replayed: false };
  }
  // Another request won the key meanwhile: the same one is replayed, a different one refused (422).
  const first = key ? await findByIdempotencyKey(deps, user.id, key, fingerprint) : null;
  if (first) return { order: first, replayed: true };
  throw new DomainError("CONFLICT", "La boutique est très sollicitée : veuillez réessayer dans un instant.");
}

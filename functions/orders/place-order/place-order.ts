import { DomainError } from "../../../src/domain/errors";
import {
  guestPromoUseSubject,
  guestUserId,
  idempotencyScope,
  promoUseSubject,
} from "../../../src/domain/orders/guest";
import type { GuestDetails, OrderBody } from "../../../src/domain/orders/order";
import type { PaymentMethod } from "../../../src/domain/orders/order-status";
import type { OrderInputs } from "../../../src/domain/orders/plan-order/inputs";
import { type OrderPlan, planOrder } from "../../../src/domain/orders/plan-order/plan";
import { shopSetup } from "../../../src/domain/settings/shop-setup";
import { pickupOffered } from "../../../src/domain/shipping/colissimo-rules";
import { type AuthUser, resolveSession, sessionInRound, sessionUserId } from "../../accounts/auth";
import { checkLowStock } from "../../catalog/stock-alerts";
import { newId } from "../../platform/adapters/ids";
import { type ReadRound, readRound } from "../../platform/db/read-round";
import { retryOnStale, STALE } from "../../platform/db/retry-on-stale";
import { writeTransaction } from "../../platform/db/transaction";
import type { DataDeps } from "../../platform/deps";
import { getSettings } from "../../settings/service";
import { markSiteStale } from "../../site/publishing";
import type { GuestLinkSeed } from "../guest/link-entity";
import type { OrderRecord } from "../service";
import { assertSameRequest, requestFingerprint } from "./fingerprint";
import { type DeliverTo, readOrder, readPromoUsesToday, readWhatIsLeft, type StoredKey } from "./reads";
import { orderTransactionItems } from "./transaction-items";

export interface PlaceOrderOptions {
  paymentMethod: PaymentMethod;
  idempotencyKey?: string;
  /** Bank transfer: the name of the person who will send the transfer. */
  transferSenderName?: string;
  /**
   * What must succeed before anything is judged or written, started by the caller beside the read round (PayPal's
   * credentials): awaited once the caller is proven, so its refusal comes after 401 and before any rule.
   */
  ready?: Promise<unknown>;
  /**
   * A new attempt (nothing stored under the Idempotency-Key) first gives up what the customer's earlier attempts
   * hold (PayPal: releaseEarlierHolds, paypal-earlier-holds.ts), once the caller is proven; what it gave up is read
   * again before the order is decided. Passed in so that the bank-transfer function does not bundle PayPal's code.
   */
  giveUpEarlier?: (deps: DataDeps, userId: string) => Promise<readonly string[]>;
  /** A guest's order: the link her browser gets, written with the order and its key (guest/links.ts). */
  guestLink?: GuestLinkSeed;
}

export interface PlacedOrder {
  order: OrderRecord;
  /** True when an earlier request with the same Idempotency-Key had already placed it. */
  replayed: boolean;
  /** A replayed guest order: the salt of its first link, kept under the key (guest/links.ts). */
  linkSalt?: string;
}

/** The order first placed under the key, when this request is that one again (422 when it is another). */
async function findByIdempotencyKey(
  deps: DataDeps,
  userId: string,
  key: string,
  fingerprint: string,
): Promise<PlacedOrder | null> {
  const { data } = await deps.db.entities.idempotencyKey.get({ user_id: idempotencyScope(userId), key }).go();
  assertSameRequest(data, fingerprint);
  return data ? replayOf(deps, data) : null;
}

/** The answer to a replay: the order first placed under the key, and what the key keeps of its first link. */
async function replayOf(deps: DataDeps, stored: StoredKey): Promise<PlacedOrder | null> {
  const order = await earlierOrder(deps, stored.order_id);
  return order && { order, replayed: true, linkSalt: stored.link_salt };
}

async function earlierOrder(deps: DataDeps, id: string): Promise<OrderRecord | null> {
  return (await deps.db.entities.order.get({ id }).go()).data;
}

/**
 * Who places the order: a caller already signed in (the PayPal route's session middleware), or the session token
 * of POST /api/orders, proven in the order's own read round (the session is read with the rest, and checked before
 * any rule is judged or anything is answered: a token naming someone else's id learns nothing).
 */
export type OrderCaller = { user: AuthUser } | { sessionToken: string } | { guest: GuestDetails };

/** Who an order is placed for, as planOrder takes it: a customer's account, or a guest (issue 32). */
type OrderUser = OrderInputs["user"];

/**
 * The caller's user id to read with (the token's, trusted only once proven) and the proof, after the round. A
 * guest's id is her e-mail's (guestUserId): nothing to prove, she names herself, and her order is reached by its link.
 */
async function callerInRound(
  deps: DataDeps,
  round: ReadRound,
  caller: OrderCaller,
): Promise<{ userId: string; prove: () => Promise<OrderUser> }> {
  if ("user" in caller) return { userId: caller.user.id, prove: async () => caller.user };
  if ("guest" in caller) {
    const { email, address } = caller.guest;
    const guest = { id: guestUserId(email), email, full_name: `${address.first_name} ${address.last_name}` };
    return { userId: guest.id, prove: async () => guest };
  }
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
 * The settings an order is judged by: maintenance, what the shop needs to sell (shop-setup.ts), shipping, and
 * whether delivery to a pick-up point is offered (the « Colissimo » card).
 */
const ORDER_SETTINGS = [
  "maintenance",
  "company_info",
  "payment_bank_transfer",
  "payment_paypal",
  "shipping",
  "shipping_colissimo",
] as const;

const BUSY = "La boutique est très sollicitée : veuillez réessayer dans un instant.";

/** The plan's order, or its refusal thrown (the route answers it). */
function decided(plan: OrderPlan): Exclude<OrderPlan, { kind: "refused" }> {
  if (plan.kind === "refused") throw plan.error;
  return plan;
}

/**
 * Places an order in three steps (issue 29): one round of reads, one pure decision (planOrder,
 * src/domain/orders/plan-order.ts: the rules in their order, the prices, the promo, the lots, the stats), one transaction
 * built from the decision's effects (orderTransactionItems), whose failed conditions answer 409 by name: the last
 * units sold, the promo used up, today's use already made. The order starts pending / pending: a bank transfer
 * awaited, or a PayPal hold awaiting its capture. A retried request (same Idempotency-Key, same body and payment
 * method: its fingerprint, fingerprint.ts) answers with the first order; another request under a used key gets 422.
 *
 * Everything it reads is asked at once, in one round before the transaction: one BatchGetItem (read-round.ts) for
 * the caller's session and user when the caller is a token, what is stored under the Idempotency-Key, the products,
 * the address, the promo and today's uses of it; beside it the products' lots and the settings (none while this
 * container's copy is fresh). The session is proven first (decision record 024). A new PayPal attempt then gives
 * up the customer's earlier holds (giveUpEarlier), and when it gave one up reads again what they held.
 * When a stock or a lot changed before the write ("stale"), what is left is read again and the order planned again
 * on it (retryOnStale, decision record 041); the order's id and date stay the same across attempts.
 */
export async function placeOrder(
  deps: DataDeps,
  caller: OrderCaller,
  request: OrderBody & { shipping_address_id?: string },
  options: PlaceOrderOptions,
): Promise<PlacedOrder> {
  options.ready?.catch(() => undefined); // awaited below, after the proof: its refusal is not lost meanwhile
  const key = options.idempotencyKey;
  const round = readRound(deps.db);
  const { userId, prove } = await callerInRound(deps, round, caller);
  const deliverTo: DeliverTo =
    "guest" in caller ? { address: caller.guest.address } : { addressId: request.shipping_address_id };
  // Whose promo uses today the order counts (promoUseSubjectOf), when known before the session's proof.
  const knownSubject =
    "guest" in caller
      ? guestPromoUseSubject(caller.guest.email, caller.guest.address)
      : "user" in caller
        ? promoUseSubject(caller.user.email)
        : null;
  const [settings, first] = await Promise.all([
    getSettings(deps, ORDER_SETTINGS),
    readOrder(deps, round, userId, request, key, deliverTo, knownSubject),
  ]);
  const user = await prove();
  await options.ready;
  const released = options.giveUpEarlier && !first.earlier ? await options.giveUpEarlier(deps, user.id) : [];
  const read = released.length
    ? await readOrder(deps, readRound(deps.db), user.id, request, key, deliverTo, promoUseSubject(user.email))
    : first;
  // A customer's promo uses today count her account's e-mail, known once the session is proven: one more read, for
  // promo orders only.
  const promoId = request.promo_code_id;
  const reads = {
    ...read,
    promoUsesToday:
      read.promoUsesToday ??
      (promoId ? await readPromoUsesToday(deps, promoId, promoUseSubject(user.email)) : 0),
  };

  const now = deps.clock();
  // A guest's request carries her details: the same key with another e-mail or address is another request.
  const fingerprint = requestFingerprint(options.paymentMethod, request);
  const inputs: OrderInputs = {
    ...reads,
    id: newId(),
    now,
    movedAt: now.toISOString(),
    firstAttempt: true,
    user,
    paymentMethod: options.paymentMethod,
    transferSenderName: options.transferSenderName,
    request,
    maintenance: settings.maintenance,
    setup: shopSetup(settings),
    shipping: settings.shipping,
    pickupOffered: pickupOffered(settings.shipping_colissimo, settings.company_info),
    idempotency: key ? { key, fingerprint, earlier: reads.earlier } : null,
  };
  const plan = decided(planOrder(inputs));
  if (plan.kind === "replay") {
    // planOrder replays only what was read under the key.
    const replay = reads.earlier && (await replayOf(deps, reads.earlier));
    if (replay) return replay;
    throw new DomainError("CONFLICT", BUSY);
  }
  let planned = plan;
  const order = await retryOnStale(
    async (attempt) => {
      if (attempt > 1) {
        // A stock or a lot changed since it was read: what is left is read again, and the order planned again.
        const left = await readWhatIsLeft(deps, inputs.products);
        const movedAt = deps.clock().toISOString();
        const again = decided(planOrder({ ...inputs, ...left, movedAt, firstAttempt: false }));
        // Nothing was stored under the key when it was read: a replay cannot come back (the write answers it).
        if (again.kind !== "order") return null;
        planned = again;
      }
      const { record, effects } = planned;
      const outcome = await writeTransaction(deps.db, (entities) =>
        orderTransactionItems(entities, { order: record, ...effects, guestLink: options.guestLink }),
      );
      if (outcome === "written") return record;
      return outcome === "replay" ? null : STALE;
    },
    () => null,
  );
  if (order) {
    await checkLowStock(deps, planned.effects.lowStockChecks);
    // The last units sold (judged on the stock the written attempt read): the product's pages say "out of stock"
    // in their structured data after a publish.
    const { soldOut } = planned.effects;
    if (soldOut.length) await markSiteStale(deps, `En rupture : ${soldOut.join(", ")}`);
    return { order, replayed: false };
  }
  // Another request won the key meanwhile: the same one is replayed, a different one refused (422).
  const firstUnderKey = key ? await findByIdempotencyKey(deps, user.id, key, fingerprint) : null;
  if (firstUnderKey) return firstUnderKey;
  throw new DomainError("CONFLICT", BUSY);
}

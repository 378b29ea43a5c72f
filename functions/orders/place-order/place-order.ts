import { guestUserId } from "../../../src/domain/accounts/guest-account";
import { DomainError } from "../../../src/domain/errors";
import { guestPromoUseSubject, idempotencyScope, promoUseSubject } from "../../../src/domain/orders/guest";
import type { GuestDetails, OrderBody } from "../../../src/domain/orders/order";
import type { PaymentMethod } from "../../../src/domain/orders/order-status";
import type { OrderInputs } from "../../../src/domain/orders/plan-order/inputs";
import { type OrderPlan, planOrder } from "../../../src/domain/orders/plan-order/plan";
import { pickupOffered } from "../../../src/domain/settings/colissimo-rules";
import { shopSetup } from "../../../src/domain/settings/shop-setup";
import { type AuthUser, resolveSession, sessionInRound, sessionUserId } from "../../accounts/auth";
import { checkLowStock } from "../../catalog/stock-alerts";
import { newId } from "../../platform/adapters/ids";
import { type ReadRound, readRound } from "../../platform/db/read-round";
import { retryOnStale, STALE } from "../../platform/db/retry-on-stale";
import { writeTransaction } from "../../platform/db/transaction";
import type { DataDeps } from "../../platform/deps";
import { markSiteStale } from "../../publishing/publishing";
import { getSettings } from "../../settings/service";
import { idempotencyKeyEntity, orderEntity } from "../entity";
import type { GuestLinkSeed } from "../guest/link-entity";
import type { OrderRecord } from "../service";
import { assertSameRequest, requestFingerprint } from "./fingerprint";
import { type DeliverTo, readOrder, readPromoUsesToday, readWhatIsLeft, type StoredKey } from "./reads";
import { orderTransactionItems } from "./transaction-items";

export interface PlaceOrderOptions {
  paymentMethod: PaymentMethod;
  idempotencyKey?: string;
  transferSenderName?: string;
  /** PayPal's credentials, started beside the read round: awaited once the caller is proven, so 401 comes first. */
  ready?: Promise<unknown>;
  /**
   * A new attempt first gives up the customer's earlier PayPal holds; passed in so that the bank-transfer function
   * does not bundle PayPal's code.
   */
  giveUpEarlier?: (deps: DataDeps, userId: string) => Promise<readonly string[]>;
  guestLink?: GuestLinkSeed;
}

export interface PlacedOrder {
  order: OrderRecord;
  replayed: boolean;
  linkSalt?: string;
}

async function findByIdempotencyKey(
  deps: DataDeps,
  userId: string,
  key: string,
  fingerprint: string,
): Promise<PlacedOrder | null> {
  const { data } = await idempotencyKeyEntity(deps.db)
    .get({ user_id: idempotencyScope(userId), key })
    .go();
  assertSameRequest(data, fingerprint);
  return data ? replayOf(deps, data) : null;
}

async function replayOf(deps: DataDeps, stored: StoredKey): Promise<PlacedOrder | null> {
  const order = await earlierOrder(deps, stored.order_id);
  return order && { order, replayed: true, linkSalt: stored.link_salt };
}

async function earlierOrder(deps: DataDeps, id: string): Promise<OrderRecord | null> {
  return (await orderEntity(deps.db).get({ id }).go()).data;
}

/** A session token is proven in the order's read round, before any rule: naming someone else's id learns nothing. */
export type OrderCaller = { user: AuthUser } | { sessionToken: string } | { guest: GuestDetails };

type OrderUser = OrderInputs["user"];

/** A guest's id is her e-mail's: nothing to prove, and her order is reached by its link. */
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
    // A token that names no user id (an older format): its session is resolved first.
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

const ORDER_SETTINGS = [
  "maintenance",
  "company_info",
  "payment_bank_transfer",
  "payment_paypal",
  "shipping",
  "shipping_colissimo",
] as const;

const BUSY = "La boutique est très sollicitée : veuillez réessayer dans un instant.";

function decided(plan: OrderPlan): Exclude<OrderPlan, { kind: "refused" }> {
  if (plan.kind === "refused") throw plan.error;
  return plan;
}

/**
 * One round of reads (read-round.ts, docs/decisions/024-orders-in-one-round.md), one pure decision (planOrder), one
 * transaction whose failed conditions answer 409 by name (the last units sold, the promo used up). A retried request
 * (same Idempotency-Key and fingerprint) answers with the first order; another request under the key gets 422. When
 * stock or a lot changed before the write, the order is planned again on what is left
 * (docs/decisions/041-one-retry-on-stale.md).
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
  // A customer's promo uses are counted under her account's e-mail, known once the session is proven.
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
        if (again.kind !== "order") return null;
        planned = again;
      }
      const { record, effects } = planned;
      const outcome = await writeTransaction(deps.db, () =>
        orderTransactionItems(deps.db, { order: record, ...effects, guestLink: options.guestLink }),
      );
      if (outcome === "written") return record;
      return outcome === "replay" ? null : STALE;
    },
    () => null,
  );
  if (order) {
    await checkLowStock(deps, planned.effects.lowStockChecks);
    // The last units sold: the product's pages say "out of stock" in their structured data after a publish.
    const { soldOut } = planned.effects;
    if (soldOut.length) await markSiteStale(deps, `En rupture : ${soldOut.join(", ")}`);
    return { order, replayed: false };
  }
  // Another request won the key meanwhile: the same one is replayed, a different one refused (422).
  const firstUnderKey = key ? await findByIdempotencyKey(deps, user.id, key, fingerprint) : null;
  if (firstUnderKey) return firstUnderKey;
  throw new DomainError("CONFLICT", BUSY);
}

/**
 * Every change of an order's status or payment: the lifecycle's table (src/domain/orders/order-lifecycle.ts)
 * decides, and the move and its effects are one transaction conditioned on the version decided from.
 */

import { DomainError } from "../../src/domain/errors";
import {
  type LifecycleEffect,
  type LifecyclePlan,
  lifecycleStateOf,
  type OrderCommand,
  planCommands,
} from "../../src/domain/orders/order-lifecycle";
import { isReturnMove, type ReturnMove } from "../../src/domain/orders/order-return";
import { holdsUnpaid } from "../../src/domain/orders/unpaid-holds";
import { parisDay } from "../../src/domain/paris-time";
import { lotGiveBackCommits } from "../batches/batch-stock";
import { productsByIds } from "../catalog/product-reads";
import { markRestocked, restockItems, type StockReason } from "../catalog/stock";
import { afterStockChange } from "../catalog/stock-alerts";
import type { DataDeps, Deps } from "../platform/deps";
import { promoReleaseCommits } from "../promos/order-items";
import {
  documentsDue,
  type LifecycleFields,
  type OrderChange,
  type OrderFields,
  writeLifecycleChange,
} from "./changes";
import {
  afterReturn,
  paypalRefundOnce,
  type ReturnRefund,
  refundSentFields,
  returnChange,
} from "./return-effects";
import type { OrderRecord } from "./service";
import { unpaidHoldGiveBack } from "./unpaid-holds";

export interface OrderMove {
  commands:
    | readonly OrderCommand[]
    | ((order: OrderRecord) => LifecyclePlan | ReturnMove | { reason: string });
  set?: (order: OrderRecord) => OrderFields;
  /** The carrier's delivery date, from which the withdrawal period counts; kept in the history's order. */
  at?: (order: OrderRecord) => string | undefined;
  /** "throw": 409 with the French reason (the owner's form); "ignore": a job, a late webhook, a retried capture. */
  refused: "throw" | "ignore";
  wanted?: (order: OrderRecord) => Promise<boolean>;
  alsoWrite?: NonNullable<OrderChange["with"]>;
  handlers?: MoveHandlers;
}

/**
 * Effects whose code the caller hands in, so only the functions that make them carry PayPal's client and secret
 * or the mail templates. A missing one is thrown before anything is written.
 */
export interface MoveHandlers {
  shippingMail?: (order: OrderRecord) => Promise<void>;
  /** Before the move is written; one PayPal-Request-Id per order. Throws the French reason when PayPal refuses. */
  refundCapture?: (order: OrderRecord) => Promise<string>;
}

const capturedAtPaypal = (order: OrderRecord) =>
  order.payment_method === "paypal" && Boolean(order.paypal_capture_id);

function missingHandlers(
  effects: readonly LifecycleEffect[],
  order: OrderRecord,
  handlers: MoveHandlers = {},
): string[] {
  const needed: (keyof MoveHandlers)[] = [
    ...(effects.includes("shipping_mail") ? (["shippingMail"] as const) : []),
    ...((effects.includes("refund_capture") || effects.includes("refund_payment")) && capturedAtPaypal(order)
      ? (["refundCapture"] as const)
      : []),
  ];
  return needed.filter((name) => !handlers[name]);
}

export interface ReturnOrderMove extends OrderMove {
  refund: ReturnRefund;
}

export interface MoveResult {
  order: OrderRecord;
  changed: boolean;
  applied: OrderCommand[];
  /** The cancellation is written but its PayPal refund failed: the order stays « Remboursement à effectuer ». */
  refundFailure?: unknown;
}

/** What was deleted since the order is skipped; the day's promo counter expires after 3 days. */
async function releaseWrites(
  deps: DataDeps,
  order: OrderRecord,
  reason: StockReason,
): Promise<NonNullable<OrderChange["with"]>> {
  const ids = [...new Set(order.items.map((item) => item.product_id))];
  // Strongly consistent: each unit given back is conditioned on the stock read here.
  const products = await productsByIds(deps, ids, { consistent: true });
  const stocks = new Map(products.map((product) => [product.id, product.stock]));
  const promoId = order.promo_id;
  const day = parisDay(new Date(order.created_at));
  // Orders without promo_use_subject counted the promo's uses per user id.
  const subject = order.promo_use_subject ?? order.user_id;
  const promoCommits = promoId
    ? await promoReleaseCommits(deps, {
        promoId,
        orderId: order.id,
        usedAt: order.created_at,
        key: { promo_id: promoId, user_id: subject, day },
      })
    : null;
  const at = deps.clock().toISOString();
  return () => {
    return [
      ...order.items
        .filter((item) => stocks.has(item.product_id))
        .flatMap((item) =>
          restockItems(deps.db, {
            productId: item.product_id,
            delta: item.quantity,
            stockBefore: stocks.get(item.product_id) ?? 0,
            reason,
            orderId: order.id,
            at,
          }).map(({ commit }) => commit),
        ),
      ...order.items
        .filter((item) => stocks.has(item.product_id))
        .flatMap((item) => lotGiveBackCommits(deps.db, item.product_id, item.lots ?? [])),
      ...(promoCommits?.(deps.db) ?? []),
    ];
  };
}

type Writes = NonNullable<OrderChange["with"]>;

async function effectsOf(
  deps: DataDeps | Deps,
  current: OrderRecord,
  plan: LifecyclePlan,
  refund: ReturnRefund | undefined,
  paypalRefund: ReturnType<typeof paypalRefundOnce> | undefined,
): Promise<{ set: OrderFields; writes: Writes[] }> {
  const set: OrderFields = {};
  const writes: Writes[] = [];
  if (plan.effects.includes("release") && !current.released_at) {
    set.released_at = deps.clock().toISOString();
    const cancelled = plan.commands.some((command) => command === "cancel" || command === "refunded");
    writes.push(await releaseWrites(deps, current, cancelled ? "cancellation" : "release"));
  }
  if (plan.effects.includes("refund_lines")) {
    if (!isReturnMove(plan) || !refund || !paypalRefund)
      throw new Error("A return's move needs its lines (planReturn) and its refund's id.");
    const change = await returnChange(deps as Deps, current, plan, plan.effects, refund, paypalRefund);
    Object.assign(set, change.set);
    writes.push(change.with);
  }
  if (plan.effects.includes("mark_refund_sent")) {
    if (!refund) throw new Error("A refund_sent move needs its refund's id.");
    Object.assign(set, refundSentFields(deps, current, refund));
  }
  // Given back exactly once: the move is conditioned on the order's version.
  const after = { ...plan.to, released_at: set.released_at ?? current.released_at };
  if (holdsUnpaid(current) && !holdsUnpaid(after)) writes.push(await unpaidHoldGiveBack(deps, current));
  return { set, writes };
}

/** Never before the order's last recorded status, never after now. */
function historyTime(deps: DataDeps, order: OrderRecord, at: string | undefined): string | undefined {
  if (!at || Number.isNaN(Date.parse(at))) return undefined;
  const now = deps.clock().getTime();
  const floor = Math.max(
    Date.parse(order.created_at),
    ...order.status_history.map((entry) => Date.parse(entry.at)),
  );
  return new Date(Math.min(now, Math.max(floor, Date.parse(at)))).toISOString();
}

export function moveOrder(deps: Deps, id: string, request: ReturnOrderMove): Promise<MoveResult>;
export function moveOrder(deps: DataDeps, id: string, request: OrderMove): Promise<MoveResult>;
export async function moveOrder(
  deps: DataDeps | Deps,
  id: string,
  request: OrderMove | ReturnOrderMove,
): Promise<MoveResult> {
  let applied: OrderCommand[] = [];
  let effects: LifecycleEffect[] = [];
  let returned: ReturnMove | undefined;
  let before: OrderRecord | undefined;
  const refund = "refund" in request ? request.refund : undefined;
  const paypalRefund = refund && paypalRefundOnce(deps as Deps, refund);
  const { order, changed } = await writeLifecycleChange(deps, id, async (current) => {
    before = current;
    applied = [];
    if (request.wanted && !(await request.wanted(current))) return null;
    const plan =
      typeof request.commands === "function"
        ? request.commands(current)
        : planCommands(lifecycleStateOf(current), request.commands);
    if ("reason" in plan) {
      if (request.refused === "throw") throw new DomainError("ORDER_TRANSITION", plan.reason);
      return null;
    }
    const set: OrderFields = { ...request.set?.(current) };
    const to: LifecycleFields = {};
    if (plan.to.status !== current.status) to.status = plan.to.status;
    if (plan.to.payment_status !== current.payment_status) to.payment_status = plan.to.payment_status;
    const documents = documentsDue(current, [
      ...(plan.effects.includes("issue_invoice") ? ["invoice" as const] : []),
      ...(plan.effects.includes("issue_credit_note") ? ["credit_note" as const] : []),
    ]);
    const missing = missingHandlers(plan.effects, current, request.handlers);
    if (missing.length)
      throw new Error(`Order ${current.id}: the move's effects need ${missing.join(", ")}.`);
    const { set: effectFields, writes } = await effectsOf(deps, current, plan, refund, paypalRefund);
    Object.assign(set, effectFields);
    const refundCapture = request.handlers?.refundCapture; // checked above when the effect needs it
    if (plan.effects.includes("refund_capture") && capturedAtPaypal(current) && refundCapture)
      set.paypal_refund_id = await refundCapture(current); // one request id: a retried attempt refunds once
    const unchanged = [...Object.entries(set), ...Object.entries(to)].every(
      ([key, value]) => current[key as keyof OrderRecord] === value,
    );
    if (unchanged && !documents.length) return null;
    applied = plan.commands;
    effects = plan.effects;
    returned = isReturnMove(plan) ? plan : undefined;
    if (request.alsoWrite) writes.push(request.alsoWrite);
    return {
      set,
      move: { to, statuses: plan.statuses, at: historyTime(deps, current, request.at?.(current)) },
      documents,
      with: writes.length ? () => writes.flatMap((write) => write()) : undefined,
    };
  });
  if (changed && order.released_at && !before?.released_at) {
    await markRestocked(deps, order.items);
    // Units back: the low-stock alert re-armed, the waitlist told.
    await afterStockChange(deps, order.items);
  }
  if (changed && returned && refund) await afterReturn(deps as Deps, order, returned, effects, refund);
  if (changed && effects.includes("shipping_mail")) await request.handlers?.shippingMail?.(order);
  const result: MoveResult = { order, changed, applied: changed ? applied : [] };
  if (
    changed &&
    effects.includes("refund_payment") &&
    capturedAtPaypal(order) &&
    order.payment_status === "completed"
  )
    return refundCancelled(deps, order, result, request.handlers);
  return result;
}

async function refundCancelled(
  deps: DataDeps | Deps,
  cancelled: OrderRecord,
  result: MoveResult,
  handlers: MoveHandlers | undefined,
): Promise<MoveResult> {
  try {
    const refunded = await moveOrder(deps, cancelled.id, {
      commands: ["refund_done"],
      refused: "ignore",
      handlers,
    });
    return refunded.changed
      ? { ...result, order: refunded.order, applied: [...result.applied, ...refunded.applied] }
      : result;
  } catch (error) {
    return { ...result, refundFailure: error };
  }
}

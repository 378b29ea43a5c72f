/**
 * The effects of a return's move, as the lifecycle's table declares them (src/domain/orders/order-lifecycle.ts
 * RETURN_EFFECTS), run by moveOrder and by nothing else: `refund_lines` (PayPal's refund API before anything is
 * written, or a transfer listed as due; the refund recorded on the order), `issue_refund_note` (the credit note of
 * the returned lines), `restock_returned` (the resaleable lines' stock and lots back) and `refund_mail`; and
 * `mark_refund_sent`, the transfer of a return's refund sent.
 */
import type { LifecycleEffect } from "../../src/domain/orders/order-lifecycle";
import type { ReturnMove } from "../../src/domain/orders/order-return";
import { consumerMediator } from "../../src/domain/settings/settings";
import { lotGiveBackCommits } from "../batches/batch-stock";
import { restockItems } from "../catalog/stock";
import { afterStockChange } from "../catalog/stock-alerts";
import type { DataDeps, Deps } from "../platform/deps";
import { getSetting } from "../settings/service";
import { markRestocked } from "../site/publishing";
import { documentWrites, type OrderChange, type OrderFields } from "./changes";
import { addGuestLink } from "./guest/links";
import { prepareDocument } from "./invoices";
import { refundMail } from "./mails";
import { type OrderRecord, toOrder } from "./service";

/**
 * The money back at PayPal (functions/payments/paypal-refund.ts), handed in by the caller that records a return:
 * only the functions that refund carry PayPal's client and may open its secret (tests/budgets/secret-access.test.ts);
 * a job moving orders through the lifecycle does not.
 */
export type RefundAtPaypal = (
  deps: Deps,
  order: OrderRecord,
  refundId: string,
  amountCents: number,
) => Promise<{ id: string }>;

/** A return's refund: its id, who records it and, for a return, how PayPal refunds. */
export interface ReturnRefund {
  /** `<order>-R<n>`: PayPal-Request-Id of its PayPal refund, so a retry after a crash never refunds twice. */
  id: string;
  adminId?: string;
  atPaypal?: RefundAtPaypal;
}

type PaypalRefund = Awaited<ReturnType<RefundAtPaypal>>;
type RefundEntry = NonNullable<OrderRecord["refunds"]>[number];

/**
 * The refund at PayPal of one move, made once however many times the move is decided again (a counter read meanwhile
 * changed): PayPal is asked on the first decision only, with the refund's id as PayPal-Request-Id.
 */
export function paypalRefundOnce(deps: Deps, refund: ReturnRefund) {
  let made: Promise<PaypalRefund> | undefined;
  return (order: OrderRecord, amountCents: number): Promise<PaypalRefund> => {
    if (!refund.atPaypal) throw new Error("A PayPal order's return needs PayPal's refund (refund.atPaypal).");
    made ??= refund.atPaypal(deps, order, refund.id, amountCents);
    return made;
  };
}

/** A return's writes on the order read as `current`: the fields it sets and the items written with them. */
export async function returnChange(
  deps: Deps,
  current: OrderRecord,
  { returned }: ReturnMove,
  effects: readonly LifecycleEffect[],
  refund: ReturnRefund,
  paypalRefund: ReturnType<typeof paypalRefundOnce>,
): Promise<{ set: OrderFields; with: NonNullable<OrderChange["with"]> }> {
  const { amounts, lines } = returned;
  const paypal =
    current.payment_method === "paypal" ? await paypalRefund(current, amounts.total_cents) : null;
  // The table pairs them: every refund is recorded with the credit note it cites (order-lifecycle.test.ts).
  if (!effects.includes("issue_refund_note"))
    throw new Error("A refund_lines move must issue its credit note.");
  const note = await prepareDocument(deps, current, "credit_note", current.payment_status, {
    lines,
    amounts,
  });
  const now = deps.clock().toISOString();
  const entry: RefundEntry = {
    id: refund.id,
    at: now,
    lines,
    goods_cents: amounts.goods_cents,
    discount_cents: amounts.discount_cents,
    shipping_cents: amounts.shipping_cents,
    amount_cents: amounts.total_cents,
    method: current.payment_method,
    status: paypal ? "done" : "due",
    ...(paypal && { paypal_refund_id: paypal.id, done_at: now }),
    credit_note_number: note.number,
    ...(refund.adminId && { admin_id: refund.adminId }),
  };
  const restocked = effects.includes("restock_returned") ? lines.filter((line) => line.restock) : [];
  const { data: present } = await deps.db.entities.product
    .get(restocked.map((line) => ({ id: line.product_id })))
    .go({ consistent: true });
  // Each restock is conditioned on the stock read here, so its movement records the stock it leaves (issue 28).
  const stocks = new Map(present.map((product) => [product.id, product.stock]));
  const movedAt = deps.clock().toISOString();
  const back = restocked.filter((line) => stocks.has(line.product_id));
  return {
    set: {
      refunds: [...(current.refunds ?? []), entry],
      refunded_cents: (current.refunded_cents ?? 0) + amounts.total_cents,
    },
    with: (entities) => [
      ...back.flatMap((line) =>
        restockItems(entities, {
          productId: line.product_id,
          delta: line.quantity,
          stockBefore: stocks.get(line.product_id) ?? 0,
          reason: "return",
          orderId: current.id,
          at: movedAt,
        }).map((item) => item.commit),
      ),
      ...back.flatMap((line) => lotGiveBackCommits(entities, line.product_id, line.lots ?? [])),
      ...documentWrites(entities, current, note),
    ],
  };
}

/** `mark_refund_sent`: the return's refund listed as due is done, its transfer sent now. */
export function refundSentFields(deps: DataDeps, current: OrderRecord, refund: ReturnRefund): OrderFields {
  const now = deps.clock().toISOString();
  return {
    refunds: (current.refunds ?? []).map((entry) =>
      entry.id === refund.id ? { ...entry, status: "done" as const, done_at: now } : entry,
    ),
  };
}

/** After a return is written: the units back on sale republished and their alerts re-armed, the customer's mail. */
export async function afterReturn(
  deps: Deps,
  order: OrderRecord,
  { returned }: ReturnMove,
  effects: readonly LifecycleEffect[],
  refund: ReturnRefund,
) {
  if (effects.includes("restock_returned")) {
    const restocked = returned.lines
      .filter((line) => line.restock)
      .map((line) => ({ product_id: line.product_id, quantity: line.quantity }));
    await markRestocked(deps, restocked);
    await afterStockChange(deps, restocked);
  }
  if (effects.includes("refund_mail")) await sendRefundMail(deps, order, refund.id);
}

async function sendRefundMail(deps: Deps, order: OrderRecord, refundId: string) {
  try {
    const company = await getSetting(deps, "company_info");
    await deps.mailer.send(
      refundMail(toOrder(order), refundId, {
        shopName: company.name,
        siteUrl: deps.siteUrl,
        mediator: consumerMediator(company),
        guestToken: await addGuestLink(deps, order),
      }),
    );
  } catch (error) {
    console.error(`Order ${order.id}: the refund mail could not be sent`, error);
  }
}

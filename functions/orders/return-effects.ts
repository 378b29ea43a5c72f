/** The effects of a return's move as the lifecycle's table declares them (RETURN_EFFECTS), run by moveOrder alone. */

import type { LifecycleEffect } from "../../src/domain/orders/order-lifecycle";
import type { ReturnMove } from "../../src/domain/orders/order-return";
import { consumerMediator } from "../../src/domain/settings/settings";
import { lotGiveBackCommits } from "../batches/batch-stock";
import { productsByIds } from "../catalog/product-reads";
import { markRestocked, restockItems } from "../catalog/stock";
import { afterStockChange } from "../catalog/stock-alerts";
import type { DataDeps, Deps } from "../platform/deps";
import { getSetting } from "../settings/service";
import { documentWrites, type OrderChange, type OrderFields } from "./changes";
import { addGuestLink } from "./guest/links";
import { prepareDocument } from "./invoices";
import { refundMail } from "./mails";
import { type OrderRecord, toOrder } from "./service";

/** Handed in, so only the functions that refund carry PayPal's client and may open its secret. */
export type RefundAtPaypal = (
  deps: Deps,
  order: OrderRecord,
  refundId: string,
  amountCents: number,
) => Promise<{ id: string }>;

export interface ReturnRefund {
  /** PayPal-Request-Id of its PayPal refund, so a retry after a crash never refunds twice. */
  id: string;
  adminId?: string;
  atPaypal?: RefundAtPaypal;
}

type PaypalRefund = Awaited<ReturnType<RefundAtPaypal>>;
type RefundEntry = NonNullable<OrderRecord["refunds"]>[number];

/** PayPal is asked on the first decision only, however many times the move is decided again. */
export function paypalRefundOnce(deps: Deps, refund: ReturnRefund) {
  let made: Promise<PaypalRefund> | undefined;
  return (order: OrderRecord, amountCents: number): Promise<PaypalRefund> => {
    if (!refund.atPaypal) throw new Error("A PayPal order's return needs PayPal's refund (refund.atPaypal).");
    made ??= refund.atPaypal(deps, order, refund.id, amountCents);
    return made;
  };
}

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
  const present = await productsByIds(
    deps,
    restocked.map((line) => line.product_id),
    { consistent: true },
  );
  // Each restock is conditioned on the stock read here, so its movement records the stock it leaves.
  const stocks = new Map(present.map((product) => [product.id, product.stock]));
  const movedAt = deps.clock().toISOString();
  const back = restocked.filter((line) => stocks.has(line.product_id));
  return {
    set: {
      refunds: [...(current.refunds ?? []), entry],
      refunded_cents: (current.refunded_cents ?? 0) + amounts.total_cents,
    },
    with: () => [
      ...back.flatMap((line) =>
        restockItems(deps.db, {
          productId: line.product_id,
          delta: line.quantity,
          stockBefore: stocks.get(line.product_id) ?? 0,
          reason: "return",
          orderId: current.id,
          at: movedAt,
        }).map((item) => item.commit),
      ),
      ...back.flatMap((line) => lotGiveBackCommits(deps.db, line.product_id, line.lots ?? [])),
      ...documentWrites(deps.db, current, note),
    ],
  };
}

export function refundSentFields(deps: DataDeps, current: OrderRecord, refund: ReturnRefund): OrderFields {
  const now = deps.clock().toISOString();
  return {
    refunds: (current.refunds ?? []).map((entry) =>
      entry.id === refund.id ? { ...entry, status: "done" as const, done_at: now } : entry,
    ),
  };
}

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

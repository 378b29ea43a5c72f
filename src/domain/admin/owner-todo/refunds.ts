/** The to-do list's refunds, with the 14-day deadline of Code de la consommation L221-24 (a Europe/Paris day). */

import { orderNumber } from "../../orders/order-status";
import { endOfParisDayAfter, REFUND_DAYS } from "../../withdrawals/withdrawal";
import { customerOf, type TodoOrder, type TodoWithdrawal } from "./facts";

export interface RefundDue {
  key: string;
  kind: "withdrawal" | "refund";
  order_id: string;
  order_number: string;
  customer: string;
  since: string;
  action: string;
  /** 23:59:59 Paris, ISO UTC (L221-24). */
  deadline: string;
  overdue: boolean;
  amount_cents: number | null;
}

export function refundDeadlineOf(since: Date, now: Date): { deadline: string; overdue: boolean } {
  const deadline = endOfParisDayAfter(since, REFUND_DAYS);
  return { deadline: deadline.toISOString(), overdue: now.getTime() >= deadline.getTime() + 1000 };
}

/** Each order once (one an open withdrawal lists is not listed again); soonest deadline first. */
export function refundsDue(
  withdrawals: readonly TodoWithdrawal[],
  orders: readonly TodoOrder[],
  now: Date,
): RefundDue[] {
  const open = withdrawals.filter(
    (item) => item.refund_state === "awaiting" || item.refund_state === "refund_due",
  );
  const fromWithdrawals: RefundDue[] = open.map((item) => ({
    key: item.id,
    kind: "withdrawal",
    order_id: item.order_id,
    order_number: item.order_number,
    customer: item.customer_name.trim() || item.customer_email,
    since: item.requested_at,
    action:
      item.refund_state === "awaiting"
        ? "Rétractation : recevoir les produits et enregistrer le retour"
        : "Rétractation : virement de remboursement à envoyer",
    ...refundDeadlineOf(new Date(item.requested_at), now),
    amount_cents: null,
  }));
  const listed = new Set(open.map((item) => item.order_id));
  const fromOrders: RefundDue[] = orders
    .filter((order) => !listed.has(order.id))
    .flatMap((order) =>
      (order.refunds ?? [])
        .filter((refund) => refund.status === "due")
        .map((refund) => ({
          key: `${order.id}/${refund.id}`,
          kind: "refund" as const,
          order_id: order.id,
          order_number: orderNumber(order.id),
          customer: customerOf(order),
          since: refund.at,
          action: "Remboursement par virement à envoyer",
          ...refundDeadlineOf(new Date(refund.at), now),
          amount_cents: refund.amount_cents,
        })),
    );
  // 14 days from the cancellation, as L216-3 gives for a contract ended before delivery.
  const fromCancellations: RefundDue[] = orders
    .filter(
      (order) =>
        !listed.has(order.id) &&
        order.status === "cancelled" &&
        order.payment_status === "completed" &&
        order.payment_method === "bank_transfer",
    )
    .map((order) => {
      const cancelledAt =
        [...order.status_history].reverse().find((entry) => entry.status === "cancelled")?.at ??
        order.updated_at ??
        order.created_at;
      return {
        key: `${order.id}/cancellation`,
        kind: "refund" as const,
        order_id: order.id,
        order_number: orderNumber(order.id),
        customer: customerOf(order),
        since: cancelledAt,
        action: "Commande annulée : virement de remboursement à envoyer",
        ...refundDeadlineOf(new Date(cancelledAt), now),
        amount_cents: order.total_cents,
      };
    });
  return [...fromWithdrawals, ...fromOrders, ...fromCancellations].sort(
    (a, b) => a.deadline.localeCompare(b.deadline) || a.key.localeCompare(b.key),
  );
}

/**
 * Returns and refunds after shipping: PayPal refunds with PayPal-Request-Id = the refund's id (a retry never refunds
 * twice); a transfer is listed as due until the owner marks it done. The lifecycle's commands run the effects.
 */
import { DomainError } from "../../src/domain/errors";
import { eurosToCents } from "../../src/domain/money";
import { planReturn } from "../../src/domain/orders/order-return";
import type { ReturnRequest } from "../../src/domain/orders/refund";
import type { Deps } from "../platform/deps";
import { orderEntity } from "./entity";
import { moveOrder } from "./lifecycle";
import type { RefundAtPaypal } from "./return-effects";
import { toOrder } from "./service";

export interface ReturnInput extends ReturnRequest {
  /** The order's version when the form was opened: a stale form or a second click is refused, never refunded twice. */
  order_version: number;
  amount: number;
}

/** Payments hands in PayPal's refund: orders never imports payments. */
export interface ReturnHandlers {
  atPaypal: RefundAtPaypal;
  adminId?: string;
}

/** Nothing is refunded when the form is stale, a line not returnable, or the amount differs from the server's. */
export async function recordReturn(
  deps: Deps,
  orderId: string,
  input: ReturnInput,
  { atPaypal, adminId }: ReturnHandlers,
) {
  const { data: order } = await orderEntity(deps.db).get({ id: orderId }).go();
  if (!order) throw new DomainError("ORDER_NOT_FOUND");
  // The refund's id comes from the order the owner's click read: a second click finds it recorded (below).
  const refundId = `${order.id}-R${(order.refunds?.length ?? 0) + 1}`;
  const asked = { ...input, amount_cents: eurosToCents(input.amount) };
  const { order: after } = await moveOrder(deps, orderId, {
    commands: (current) => {
      const plan = planReturn(current, asked);
      if (!("refused" in plan)) return plan;
      if (plan.refused === "REFUND_AMOUNT_CHANGED")
        throw new DomainError("REFUND_AMOUNT_CHANGED", undefined, { amount: plan.amount_cents / 100 });
      throw new DomainError(plan.refused, plan.reason);
    },
    // Recorded by the first click: this one answers the order as it is.
    wanted: async (current) => !current.refunds?.some((refund) => refund.id === refundId),
    refund: { id: refundId, atPaypal, ...(adminId && { adminId }) },
    refused: "throw",
  });
  return toOrder(after);
}

/** Idempotent. */
export async function markRefundDone(deps: Deps, orderId: string, refundId: string) {
  const { order } = await moveOrder(deps, orderId, {
    commands: ["refund_sent"],
    wanted: async (current) => {
      const refund = current.refunds?.find((entry) => entry.id === refundId);
      if (!refund) throw new DomainError("NOT_FOUND", "Remboursement introuvable pour cette commande.");
      return refund.status !== "done";
    },
    refund: { id: refundId },
    refused: "throw",
  });
  return toOrder(order);
}

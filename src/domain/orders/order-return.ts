/**
 * A return as a move of the lifecycle (order-lifecycle.md "return received"): the goods the owner records as back,
 * checked against the order as it is now, become the table's command (return_part, or return_all when everything is
 * back with the delivery cost), the amounts refunded and the lines recorded, with the lots the resaleable units go
 * back to (decision record 018). Pure: the table (order-lifecycle.ts) says which effects the move runs, and
 * moveOrder runs them from what this returns.
 */
import { type LotTaken, lotsToGiveBack } from "../batches/batches";
import { type LifecyclePlan, lifecycleStateOf, planCommands } from "./order-lifecycle";
import type { OrderStatus, PaymentStatus } from "./order-status";
import {
  type RefundAmounts,
  type RefundableOrder,
  type RefundedLine,
  type ReturnRequest,
  refundAmounts,
  returnProblem,
} from "./refund";

type Lots = readonly LotTaken[] | null | undefined;

/** The order as a return reads it: its lines with the lots they took, its earlier returns with the lots given back. */
export interface ReturnableOrder extends RefundableOrder {
  status: OrderStatus;
  payment_status: PaymentStatus;
  version?: number | null;
  items: (RefundableOrder["items"][number] & { product_id: number; lots?: Lots })[];
  refunds?:
    | (Omit<NonNullable<RefundableOrder["refunds"]>[number], "lines"> & {
        lines: (RefundedLine & { lots?: Lots })[];
      })[]
    | null;
}

/** What the owner's return form sends: the lines, the delivery cost, and what she saw (the order's version, the amount). */
export interface ReturnAsked extends ReturnRequest {
  order_version: number;
  amount_cents: number;
}

export interface ReturnedLine extends RefundedLine {
  product_id: number;
  product_name: string;
  /** The lots its resaleable units go back to, latest taken first; absent when none. */
  lots?: LotTaken[];
}

export interface ReturnMove extends LifecyclePlan {
  returned: { amounts: RefundAmounts; lines: ReturnedLine[] };
}

/** Whether a plan is a return's (it carries the lines and amounts its effects need). */
export function isReturnMove(plan: LifecyclePlan): plan is ReturnMove {
  return "returned" in plan;
}

export type ReturnRefusal =
  | { refused: "CONFLICT" | "RETURN_INVALID" | "ORDER_TRANSITION"; reason: string }
  | { refused: "REFUND_AMOUNT_CHANGED"; amount_cents: number };

export const STALE_RETURN_FORM =
  "La commande a changé depuis l'ouverture du formulaire : rouvrez-la pour voir son état actuel.";

/**
 * The return `asked` on `order`, or why not, checked in this order: a stale form (the version the owner saw), a line
 * that is not returnable, the lifecycle's table, and the amount she saw, which must be the server's to the cent.
 */
export function planReturn(order: ReturnableOrder, asked: ReturnAsked): ReturnMove | ReturnRefusal {
  if ((order.version ?? 0) !== asked.order_version) return { refused: "CONFLICT", reason: STALE_RETURN_FORM };
  const problem = returnProblem(order, asked);
  if (problem) return { refused: "RETURN_INVALID", reason: problem };
  const amounts = refundAmounts(order, asked);
  const plan = planCommands(lifecycleStateOf(order), [amounts.full ? "return_all" : "return_part"]);
  if ("reason" in plan) return { refused: "ORDER_TRANSITION", reason: plan.reason };
  if (amounts.total_cents !== asked.amount_cents)
    return { refused: "REFUND_AMOUNT_CHANGED", amount_cents: amounts.total_cents };
  return { ...plan, returned: { amounts, lines: returnedLines(order, asked) } };
}

/** The lines that came back, named, each with the lots its resaleable units go back to (less earlier returns'). */
export function returnedLines(order: ReturnableOrder, asked: ReturnRequest): ReturnedLine[] {
  return asked.lines
    .filter((line) => line.quantity > 0)
    .map((line) => {
      const item = order.items[line.index];
      const lots =
        line.restock && item?.lots?.length
          ? lotsToGiveBack(
              item.lots,
              (order.refunds ?? []).flatMap((refund) =>
                refund.lines
                  .filter((earlier) => earlier.index === line.index)
                  .flatMap((earlier) => earlier.lots ?? []),
              ),
              line.quantity,
            )
          : [];
      return {
        ...line,
        product_id: item?.product_id ?? 0,
        product_name: item?.product_name ?? "",
        ...(lots.length && { lots }),
      };
    });
}

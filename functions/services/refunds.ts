/**
 * Returns and refunds after shipping (order-lifecycle.md "return received"; issue 12): the owner records the lines
 * that came back, chooses per line whether they go back on sale, and refunds them. A PayPal order is refunded through
 * PayPal's refund API (PayPal-Request-Id = the refund's id: a retry never refunds twice), a bank transfer is listed as
 * a refund to make, which the owner marks done. Each refund issues its credit note in the transaction that records it.
 */

import { lotsToGiveBack } from "../../src/domain/batches";
import { DomainError } from "../../src/domain/errors";
import { eurosToCents } from "../../src/domain/money";
import { lifecycleStateOf, planCommands } from "../../src/domain/order-lifecycle";
import {
  type RefundAmounts,
  type ReturnRequest,
  refundAmounts,
  returnProblem,
} from "../../src/domain/refund";
import { consumerMediator } from "../../src/domain/settings";
import { lotGiveBackCommits } from "./batch-stock";
import type { Deps } from "./deps";
import { prepareDocument } from "./invoices";
import { refundMail } from "./mails";
import { changeOrder, documentWrites } from "./order-changes";
import { type OrderRecord, toOrder } from "./orders";
import { paypalClient } from "./paypal-client";
import { paypalFailure } from "./paypal-failures";
import { markRestocked } from "./publishing";
import { getSetting } from "./settings";
import { restockItems } from "./stock";
import { afterStockChange } from "./stock-alerts";

export interface ReturnInput extends ReturnRequest {
  /** The order's version when the form was opened: a stale form or a second click is refused, never refunded twice. */
  order_version: number;
  /** The amount the owner saw, in euros: the server's must be the same to the cent. */
  amount: number;
}

type RefundEntry = NonNullable<OrderRecord["refunds"]>[number];

const STALE_FORM =
  "La commande a changé depuis l'ouverture du formulaire : rouvrez-la pour voir son état actuel.";

/** What this return is, checked against the order as it is now: the lifecycle's move and the amount to refund. */
function planReturn(order: OrderRecord, input: ReturnInput): { amounts: RefundAmounts; full: boolean } {
  if ((order.version ?? 0) !== input.order_version) throw new DomainError("CONFLICT", STALE_FORM);
  const problem = returnProblem(order, input);
  if (problem) throw new DomainError("RETURN_INVALID", problem);
  const amounts = refundAmounts(order, input);
  const plan = planCommands(lifecycleStateOf(order), [amounts.full ? "return_all" : "return_part"]);
  if ("reason" in plan) throw new DomainError("ORDER_TRANSITION", plan.reason);
  if (amounts.total_cents !== eurosToCents(input.amount))
    throw new DomainError("REFUND_AMOUNT_CHANGED", undefined, { amount: amounts.total_cents / 100 });
  return { amounts, full: amounts.full };
}

/** The money back at PayPal, before anything is written: a refusal leaves the order as it was. */
async function refundAtPaypal(deps: Deps, order: OrderRecord, refundId: string, amountCents: number) {
  if (!order.paypal_capture_id)
    throw new DomainError(
      "ORDER_TRANSITION",
      "Cette commande PayPal n'a pas de paiement capturé à rembourser.",
    );
  const client = await paypalClient(deps);
  try {
    return await client.refundCapture(order.paypal_capture_id, {
      amountCents,
      currency: "EUR",
      requestId: refundId,
      noteToPayer: `Remboursement de votre commande n° ${order.id.slice(-8)}`,
    });
  } catch (error) {
    throw paypalFailure(error, "refund", { order_id: order.id, refund_id: refundId });
  }
}

/**
 * Records a return and its refund. Refused with a French reason (and nothing refunded) when the form is stale, a
 * line is not returnable, the amount differs from the server's, or the lifecycle does not allow it.
 */
export async function recordReturn(deps: Deps, orderId: string, input: ReturnInput, adminId?: string) {
  const { data: order } = await deps.db.entities.order.get({ id: orderId }).go();
  if (!order) throw new DomainError("ORDER_NOT_FOUND");
  const { amounts } = planReturn(order, input);
  const refundId = `${order.id}-R${(order.refunds?.length ?? 0) + 1}`;
  const paypal =
    order.payment_method === "paypal"
      ? await refundAtPaypal(deps, order, refundId, amounts.total_cents)
      : null;
  const lines = input.lines.filter((line) => line.quantity > 0);
  const now = deps.clock().toISOString();

  const { order: after, changed } = await changeOrder(deps, orderId, async (current) => {
    if (current.refunds?.some((refund) => refund.id === refundId)) return null; // recorded by the first click
    const { full } = planReturn(current, input);
    const note = await prepareDocument(deps, current, "credit_note", current.payment_status, {
      lines,
      amounts,
    });
    const entry: RefundEntry = {
      id: refundId,
      at: now,
      lines: lines.map((line) => {
        const item = current.items[line.index];
        // Units put back on sale go back to the lots the line took, less what earlier returns gave back (018).
        const lots =
          line.restock && item?.lots?.length
            ? lotsToGiveBack(
                item.lots,
                (current.refunds ?? []).flatMap((refund) =>
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
      }),
      goods_cents: amounts.goods_cents,
      discount_cents: amounts.discount_cents,
      shipping_cents: amounts.shipping_cents,
      amount_cents: amounts.total_cents,
      method: current.payment_method,
      status: paypal ? "done" : "due",
      ...(paypal && { paypal_refund_id: paypal.id, done_at: now }),
      credit_note_number: note.number,
      ...(adminId && { admin_id: adminId }),
    };
    const { data: present } = await deps.db.entities.product
      .get(
        lines
          .filter((line) => line.restock)
          .map((line) => ({ id: current.items[line.index]?.product_id ?? 0 })),
      )
      .go({ consistent: true });
    // Each restock is conditioned on the stock read here, so its movement records the stock it leaves (issue 28).
    const stocks = new Map(present.map((product) => [product.id, product.stock]));
    const movedAt = deps.clock().toISOString();
    return {
      set: {
        payment_status: full ? "refunded" : "partially_refunded",
        refunds: [...(current.refunds ?? []), entry],
        refunded_cents: (current.refunded_cents ?? 0) + amounts.total_cents,
      },
      with: (entities) => [
        ...entry.lines
          .filter((line) => line.restock && stocks.has(line.product_id))
          .flatMap((line) =>
            restockItems(entities, {
              productId: line.product_id,
              delta: line.quantity,
              stockBefore: stocks.get(line.product_id) ?? 0,
              reason: "return",
              orderId,
              at: movedAt,
            }).map((item) => item.commit),
          ),
        ...entry.lines
          .filter((line) => line.restock && stocks.has(line.product_id))
          .flatMap((line) => lotGiveBackCommits(entities, line.product_id, line.lots ?? [])),
        ...documentWrites(entities, current, note),
      ],
    };
  });
  if (changed) {
    const restocked = lines
      .filter((line) => line.restock)
      .map((line) => ({ product_id: order.items[line.index]?.product_id ?? 0, quantity: line.quantity }));
    await markRestocked(deps, restocked);
    await afterStockChange(deps, restocked);
    await sendRefundMail(deps, after, refundId);
  }
  return toOrder(after);
}

/** The owner sent the bank transfer of a refund listed as due. Idempotent. */
export async function markRefundDone(deps: Deps, orderId: string, refundId: string) {
  const { order } = await changeOrder(deps, orderId, (current) => {
    const refund = current.refunds?.find((entry) => entry.id === refundId);
    if (!refund) throw new DomainError("NOT_FOUND", "Remboursement introuvable pour cette commande.");
    if (refund.status === "done") return null;
    const now = deps.clock().toISOString();
    return {
      set: {
        refunds: (current.refunds ?? []).map((entry) =>
          entry.id === refundId ? { ...entry, status: "done" as const, done_at: now } : entry,
        ),
      },
    };
  });
  return toOrder(order);
}

async function sendRefundMail(deps: Deps, order: OrderRecord, refundId: string) {
  try {
    const company = await getSetting(deps, "company_info");
    await deps.mailer.send(
      refundMail(toOrder(order), refundId, {
        shopName: company.name,
        siteUrl: deps.siteUrl,
        mediator: consumerMediator(company),
      }),
    );
  } catch (error) {
    console.error(`Order ${order.id}: the refund mail could not be sent`, error);
  }
}

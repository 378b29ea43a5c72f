/**
 * Code de la consommation L221-21 and D221-5, period L221-18, refund L221-24 (docs/decisions/014-withdrawal.md).
 * Before shipping, withdrawing the whole order is the lifecycle's cancellation, in the same transaction as the
 * record; after shipping, the goods come back through the owner's « Retour et remboursement ».
 */

import type { EntityItem } from "electrodb";
import { guestUserId } from "../../src/domain/accounts/guest-account";
import { DomainError } from "../../src/domain/errors";
import { centsToEuros } from "../../src/domain/money";
import { orderNumber } from "../../src/domain/orders/order-status";
import { consumerMediator } from "../../src/domain/settings/settings";
import {
  checkWithdrawal,
  withdrawableLines,
  withdrawalRefundDeadline,
  withdrawalRefundStates,
  withdrawalWindow,
} from "../../src/domain/withdrawals/withdrawal";
import type {
  AdminWithdrawal,
  GuestWithdrawalConfirm,
  WithdrawalConfirm,
  WithdrawalLookup,
  WithdrawalRecord,
  WithdrawalView,
} from "../../src/domain/withdrawals/withdrawal-schemas";
import { userIdByEmail } from "../accounts/auth";
import { addGuestLink } from "../orders/guest/links";
import { moveOrder } from "../orders/lifecycle";
import { findOrder, type OrderRecord, ordersByIds, ordersOfUser } from "../orders/service";
import { refundCancelledCapture } from "../payments/paypal-cancel-refund";
import { retryOnStale, STALE } from "../platform/db/retry-on-stale";
import { writeTransaction } from "../platform/db/transaction";
import type { DataDeps, Deps } from "../platform/deps";
import { getSetting } from "../settings/service";
import type { WithdrawalEntity } from "./entity";
import { withdrawalEntity } from "./entity";
import { withdrawalAcknowledgementMail } from "./mails";

type WithdrawalItem = EntityItem<WithdrawalEntity>;

/** The same answer for an unknown number, an unknown e-mail and a pair that does not match: nothing is revealed. */
export const GUEST_NOT_FOUND =
  "Aucune commande ne correspond à ce numéro et à cette adresse e-mail. Vérifiez-les dans l'e-mail de confirmation de commande.";

const STALE_FORM =
  "Votre commande a changé depuis l'ouverture du formulaire : rechargez la page pour voir son état actuel.";

/** A guest's order is held under `guest:<e-mail>`, a signed-in one under the account: both searched. */
export async function findGuestOrder(deps: DataDeps, lookup: WithdrawalLookup): Promise<OrderRecord> {
  const notFound = () => new DomainError("ORDER_NOT_FOUND", GUEST_NOT_FOUND);
  const [placedAsGuest, accountId] = await Promise.all([
    ordersOfUser(deps, guestUserId(lookup.email)),
    userIdByEmail(deps, lookup.email),
  ]);
  const placedSignedIn = accountId ? await ordersOfUser(deps, accountId) : [];
  const order = [...placedAsGuest, ...placedSignedIn].find(
    (candidate) =>
      orderNumber(candidate.id) === lookup.order_number &&
      candidate.customer_email.toLowerCase() === lookup.email,
  );
  if (!order) throw notFound();
  return order;
}

/** An order's withdrawal requests in the order they were made (eventually consistent: for reading, not deciding). */
export async function withdrawalsOfOrder(deps: DataDeps, orderId: string): Promise<WithdrawalItem[]> {
  const { data } = await withdrawalEntity(deps.db).query.byOrder({ order_id: orderId }).go({ pages: "all" });
  return data.sort((a, b) => a.seq.localeCompare(b.seq));
}

async function orderWithdrawals(deps: DataDeps, orderId: string): Promise<WithdrawalItem[]> {
  const { data } = await withdrawalEntity(deps.db)
    .query.byOrder({ order_id: orderId })
    .go({ pages: "all", consistent: true });
  return data.sort((a, b) => a.seq.localeCompare(b.seq));
}

export function toWithdrawalRecord(item: WithdrawalItem): WithdrawalRecord {
  return {
    id: item.id,
    order_id: item.order_id,
    order_number: orderNumber(item.order_id),
    requested_at: item.requested_at,
    scope: item.scope,
    effect: item.effect,
    channel: item.channel,
    lines: item.lines.map(({ index, quantity, product_name }) => ({ index, quantity, product_name })),
  };
}

export async function withdrawalView(deps: DataDeps, order: OrderRecord): Promise<WithdrawalView> {
  const earlier = await orderWithdrawals(deps, order.id);
  const now = deps.clock();
  return {
    order_id: order.id,
    order_number: orderNumber(order.id),
    created_at: order.created_at,
    status: order.status,
    payment_method: order.payment_method,
    total_amount: centsToEuros(order.total_cents),
    order_version: order.version ?? 0,
    window: withdrawalWindow(order, now),
    lines: withdrawableLines(order, earlier),
    withdrawals: earlier.map((item) => ({
      id: item.id,
      requested_at: item.requested_at,
      lines: item.lines.map(({ index, quantity, product_name }) => ({ index, quantity, product_name })),
    })),
  };
}

/**
 * The same form sent twice answers the first record; a form opened on an older version is refused (409); the period
 * is checked at the server's clock. Each record is created on the condition that its number is free, so two
 * requests cannot take the same units: the loser decides again on what the winner left.
 */
export async function confirmWithdrawal(
  deps: Deps,
  orderId: string,
  input: WithdrawalConfirm,
  channel: "account" | "guest",
): Promise<{ withdrawal: WithdrawalRecord; replayed: boolean }> {
  return retryOnStale(async () => {
    const earlier = await orderWithdrawals(deps, orderId);
    const same = earlier.find((item) => item.form_key === input.form_key);
    if (same) return { withdrawal: toWithdrawalRecord(same), replayed: true };
    const order = await findOrder(deps, orderId);
    if (!order) throw new DomainError("ORDER_NOT_FOUND");
    if ((order.version ?? 0) !== input.order_version) throw new DomainError("CONFLICT", STALE_FORM);
    const now = deps.clock();
    const checked = checkWithdrawal(order, earlier, input.lines, now);
    if ("reason" in checked) throw new DomainError("WITHDRAWAL_CLOSED", checked.reason);
    const beforeShipping = checked.window.phase === "before_shipping";
    const seq = String(earlier.length + 1).padStart(3, "0");
    const record: WithdrawalItem = {
      order_id: order.id,
      seq,
      id: `${order.id}-W${seq}`,
      user_id: order.user_id,
      customer_email: order.customer_email,
      requested_at: now.toISOString(),
      form_key: input.form_key,
      scope: checked.scope,
      effect: beforeShipping ? "cancelled" : "return_expected",
      channel,
      order_status: order.status,
      lines: checked.lines.map((line) => ({
        index: line.index,
        quantity: line.quantity,
        product_id: order.items[line.index]?.product_id ?? 0,
        product_name: order.items[line.index]?.product_name ?? "",
      })),
    };

    let after: OrderRecord = order;
    if (beforeShipping) {
      // The whole order before shipping: the lifecycle's cancellation, with the record in the same transaction.
      const moved = await moveOrder(deps, order.id, {
        commands: ["cancel"],
        refused: "throw",
        wanted: async (current) => (current.version ?? 0) === input.order_version,
        alsoWrite: () => [withdrawalEntity.transact(deps.db).create(record).commit()],
        handlers: { refundCapture: refundCancelledCapture(deps) },
      });
      if (!moved.changed) return STALE; // changed meanwhile (maybe by this very form): read again
      after = moved.order;
      // The order stays « Remboursement à effectuer »; the customer's withdrawal stands.
      if (moved.refundFailure)
        console.error(`Order ${order.id}: the PayPal refund of the withdrawal failed`, moved.refundFailure);
    } else {
      const outcome = await writeTransaction(deps.db, () => [
        { commit: withdrawalEntity.transact(deps.db).create(record).commit(), onFailed: "stale" },
      ]);
      if (outcome !== "written") return STALE;
    }
    await sendAcknowledgement(deps, after, record);
    return { withdrawal: toWithdrawalRecord(record), replayed: false };
  }, busy);
}

const busy = (): never => {
  throw new DomainError("CONFLICT", "La boutique est très sollicitée : veuillez réessayer dans un instant.");
};

export async function confirmGuestWithdrawal(deps: Deps, input: GuestWithdrawalConfirm) {
  const order = await findGuestOrder(deps, input);
  return confirmWithdrawal(deps, order.id, input, "guest");
}

async function sendAcknowledgement(deps: Deps, order: OrderRecord, record: WithdrawalItem) {
  try {
    const company = await getSetting(deps, "company_info");
    await deps.mailer.send(
      withdrawalAcknowledgementMail(order, toWithdrawalRecord(record), {
        shopName: company.name,
        siteUrl: deps.siteUrl,
        mediator: consumerMediator(company),
        address: company.address,
        guestToken: await addGuestLink(deps, order),
      }),
    );
  } catch (error) {
    console.error(`Order ${order.id}: the withdrawal acknowledgement could not be sent`, error);
  }
}

/** Every request, newest first, with its refund deadline (L221-24) and where its refund stands. */
export async function listWithdrawalsForAdmin(deps: DataDeps): Promise<AdminWithdrawal[]> {
  const { data: items } = await withdrawalEntity(deps.db).query.all({}).go({ order: "desc", pages: "all" });
  if (!items.length) return [];
  const ids = [...new Set(items.map((item) => item.order_id))];
  const orders = await ordersByIds(deps, ids);
  const byId = new Map(orders.map((order) => [order.id, order]));
  const states = new Map<string, string>();
  for (const order of orders) {
    const requests = items
      .filter((item) => item.order_id === order.id)
      .sort((a, b) => a.seq.localeCompare(b.seq));
    withdrawalRefundStates(order, requests).forEach((state, i) => {
      const request = requests[i];
      if (request) states.set(request.id, state);
    });
  }
  const now = deps.clock().getTime();
  return items.flatMap((item) => {
    const order = byId.get(item.order_id);
    if (!order) return [];
    const refundState = (states.get(item.id) ?? "awaiting") as AdminWithdrawal["refund_state"];
    const deadline = withdrawalRefundDeadline(new Date(item.requested_at), refundState);
    const settled = refundState === "refunded" || deadline === null;
    return [
      {
        ...toWithdrawalRecord(item),
        customer_email: order.customer_email,
        customer_name: order.customer_name ?? "",
        order_status: order.status,
        payment_method: order.payment_method,
        refund_deadline: deadline?.toISOString() ?? null,
        refund_state: refundState,
        overdue: !settled && now >= deadline.getTime() + 1000,
      },
    ];
  });
}

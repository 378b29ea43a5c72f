/**
 * Bank transfers that do not come: one reminder, then the order cancelled (src/domain/payments/transfer-follow-up.ts
 * says how days count). Safe twice at once and beside the owner: the reminder is claimed with a conditional write,
 * the cancellation conditioned on the order's version.
 */
import { planCommands } from "../../src/domain/orders/order-lifecycle";
import { cancellationDay, transferFollowUp } from "../../src/domain/payments/transfer-follow-up";
import { consumerMediator } from "../../src/domain/settings/settings";
import {
  TRANSFER_FOLLOW_UP_LIMITS,
  type TransferFollowUpSetting,
} from "../../src/domain/settings/settings-constants";
import { addGuestLink } from "../orders/guest/links";
import { moveOrder } from "../orders/lifecycle";
import {
  awaitedTransfersSince,
  claimTransferReminder,
  releaseTransferReminder,
} from "../orders/payment-records";
import { type OrderRecord, toOrder } from "../orders/service";
import type { DataDeps, Deps } from "../platform/deps";
import { getSettings } from "../settings/service";
import { transferCancelledMail, transferQrImage, transferReminderMail } from "./transfer-mails";

/** No index by payment status: the newest-first index bounded by this date reads only recent orders. */
export const FOLLOW_UP_LOOKBACK_DAYS = TRANSFER_FOLLOW_UP_LIMITS.cancelMax + 30;

async function awaitedTransfers(deps: DataDeps): Promise<OrderRecord[]> {
  const from = new Date(deps.clock().getTime() - FOLLOW_UP_LOOKBACK_DAYS * 86_400_000).toISOString();
  return awaitedTransfersSince(deps, from);
}

const awaitingTransfer = (order: OrderRecord) =>
  order.payment_method === "bank_transfer" &&
  order.payment_status === "pending" &&
  order.status === "pending";

async function remind(
  deps: Deps,
  order: OrderRecord,
  setting: TransferFollowUpSetting,
  shop: Awaited<ReturnType<typeof shopContext>>,
): Promise<boolean> {
  const at = deps.clock().toISOString();
  if (!(await claimTransferReminder(deps, order.id, at))) return false;
  try {
    const view = toOrder(order);
    await deps.mailer.send(
      transferReminderMail(view, {
        ...shop.context,
        guestToken: await addGuestLink(deps, order),
        bank: shop.bank,
        transferQr: await transferQrImage(view, shop.bank),
        cancelledFrom: cancellationDay(order.created_at, setting),
      }),
    );
    return true;
  } catch (error) {
    console.error(
      `Order ${order.id}: the transfer reminder could not be sent; it will be tried again`,
      error,
    );
    await releaseTransferReminder(deps, order.id, at);
    return false;
  }
}

/** Decided again on the current order: one paid or cancelled meanwhile is left alone. */
async function cancel(
  deps: Deps,
  order: OrderRecord,
  setting: TransferFollowUpSetting,
  shop: Awaited<ReturnType<typeof shopContext>>,
): Promise<boolean> {
  const { changed, order: cancelled } = await moveOrder(deps, order.id, {
    commands: (current) =>
      awaitingTransfer(current) && transferFollowUp(current, deps.clock(), setting) === "cancel"
        ? planCommands(current, ["expire"])
        : { reason: "La commande n'attend plus son virement." },
    refused: "ignore",
  });
  if (!changed) return false;
  try {
    await deps.mailer.send(
      transferCancelledMail(toOrder(cancelled), {
        ...shop.context,
        cancelAfterDays: setting.cancel_after_days,
      }),
    );
  } catch (error) {
    console.error(`Order ${order.id}: cancelled, but the customer's mail could not be sent`, error);
  }
  return true;
}

async function shopContext(deps: Deps) {
  const { company_info: company, payment_bank_transfer: bank } = await getSettings(deps, [
    "company_info",
    "payment_bank_transfer",
  ]);
  return {
    bank,
    context: { shopName: company.name, siteUrl: deps.siteUrl, mediator: consumerMediator(company) },
  };
}

export interface TransferFollowUpResult {
  reminded: string[];
  cancelled: string[];
}

export async function followUpTransfers(deps: Deps): Promise<TransferFollowUpResult> {
  const result: TransferFollowUpResult = { reminded: [], cancelled: [] };
  const { bank_transfer_follow_up: setting } = await getSettings(deps, ["bank_transfer_follow_up"]);
  const now = deps.clock();
  const due = (await awaitedTransfers(deps))
    .map((order) => ({ order, step: transferFollowUp(order, now, setting) }))
    .filter(({ step }) => step !== null);
  if (!due.length) return result;
  const shop = await shopContext(deps);
  for (const { order, step } of due) {
    try {
      if (step === "cancel" && (await cancel(deps, order, setting, shop))) result.cancelled.push(order.id);
      if (step === "remind" && (await remind(deps, order, setting, shop))) result.reminded.push(order.id);
    } catch (error) {
      console.error(`Order ${order.id}: transfer follow-up failed; the next run tries again`, error);
    }
  }
  return result;
}

import type { Order } from "../../src/domain/orders/order";
import { type BankTransferSetting, consumerMediator } from "../../src/domain/settings/settings";
import type { InlineImage } from "../platform/adapters/mail";
import type { Deps } from "../platform/deps";
import { getSettings } from "../settings/service";
import { orderEntity } from "./entity";
import { addGuestLink } from "./guest/links";
import { orderConfirmationMail } from "./mails";
import { type OrderRecord, toOrder } from "./service";

/** On its own so the account mail queue's in-process runner does not carry the ordering code. */
export type TransferQrDrawer = (order: Order, bank: BankTransferSetting) => Promise<InlineImage | null>;

/**
 * A mail failure is logged, it never undoes a placed order. Only the bank-transfer path passes `transferQr`, so the
 * PayPal functions do not bundle the QR library.
 */
export async function sendOrderConfirmation(
  deps: MailDeps,
  order: OrderRecord,
  transferQr?: TransferQrDrawer,
): Promise<void> {
  try {
    await mailOrderConfirmation(deps, order, transferQr);
  } catch (error) {
    console.error(`Order ${order.id}: the confirmation mail could not be sent`, error);
  }
}

type MailDeps = Pick<Deps, "db" | "clock" | "mailer" | "siteUrl" | "settingsCacheMs">;

/** Sent after the answer; a failure throws, so the queue sends it again. */
export async function sendQueuedOrderConfirmation(
  deps: MailDeps,
  orderId: string,
  transferQr?: TransferQrDrawer,
): Promise<void> {
  const { data: order } = await orderEntity(deps.db).get({ id: orderId }).go();
  if (!order) throw new Error(`Order ${orderId}: not found, no confirmation to send`);
  await mailOrderConfirmation(deps, order, transferQr);
}

async function mailOrderConfirmation(
  deps: MailDeps,
  order: OrderRecord,
  transferQr: TransferQrDrawer | undefined,
): Promise<void> {
  const { company_info: company, payment_bank_transfer: bank } = await getSettings(deps, [
    "company_info",
    "payment_bank_transfer",
  ]);
  const placed = toOrder(order);
  const awaitingTransfer = order.payment_method === "bank_transfer" && order.payment_status === "pending";
  await deps.mailer.send(
    orderConfirmationMail(placed, {
      shopName: company.name,
      siteUrl: deps.siteUrl,
      mediator: consumerMediator(company),
      bank,
      transferQr: awaitingTransfer && transferQr ? await transferQr(placed, bank) : null,
      // A guest's mail carries a link of its own to her order; a customer signs in.
      guestToken: await addGuestLink(deps, order),
    }),
  );
}

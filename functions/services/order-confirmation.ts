import { consumerMediator } from "../../src/domain/settings";
import type { Deps } from "./deps";
import { orderConfirmationMail } from "./mails";
import { type OrderRecord, toOrder } from "./orders";
import { getSettings } from "./settings";

/**
 * The order confirmation mail, on its own so the account mail queue's in-process runner (functions/api/deps.ts,
 * every function's fallback) carries only this, not the ordering code.
 */

/** Sends the order confirmation; a mail failure is logged, it never undoes a placed order. */
export async function sendOrderConfirmation(deps: MailDeps, order: OrderRecord): Promise<void> {
  try {
    await mailOrderConfirmation(deps, order);
  } catch (error) {
    console.error(`Order ${order.id}: the confirmation mail could not be sent`, error);
  }
}

type MailDeps = Pick<Deps, "db" | "clock" | "mailer" | "siteUrl" | "settingsCacheMs">;

/**
 * The confirmation of an order handed to the account mail queue (placeBankTransferOrder): sent after the answer,
 * in-process locally, by the queue's subscriber on AWS. A failure throws, so the queue sends it again.
 */
export async function sendQueuedOrderConfirmation(deps: MailDeps, orderId: string): Promise<void> {
  const { data: order } = await deps.db.entities.order.get({ id: orderId }).go();
  if (!order) throw new Error(`Order ${orderId}: not found, no confirmation to send`);
  await mailOrderConfirmation(deps, order);
}

async function mailOrderConfirmation(deps: MailDeps, order: OrderRecord): Promise<void> {
  const { company_info: company, payment_bank_transfer: bank } = await getSettings(deps, [
    "company_info",
    "payment_bank_transfer",
  ]);
  await deps.mailer.send(
    orderConfirmationMail(toOrder(order), {
      shopName: company.name,
      siteUrl: deps.siteUrl,
      mediator: consumerMediator(company),
      bank,
    }),
  );
}

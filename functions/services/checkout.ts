import { DomainError } from "../../src/domain/errors";
import type { BankTransferOrderRequest, Order } from "../../src/domain/order";
import { consumerMediator, PAYPAL_SANDBOX_URL } from "../../src/domain/settings";
import type { AuthUser } from "./auth";
import type { DataDeps, Deps } from "./deps";
import { orderConfirmationMail } from "./mails";
import { type OrderRecord, toOrder } from "./orders";
import { placeOrder } from "./place-order/place-order";
import { getSetting } from "./settings";

/** GET /api/settings/checkout: what the payment screen needs, never the IBAN nor the PayPal secret. */
export async function checkoutSettings(deps: DataDeps) {
  const [bank, paypal] = await Promise.all([
    getSetting(deps, "payment_bank_transfer"),
    getSetting(deps, "payment_paypal"),
  ]);
  return {
    bank_transfer: {
      enabled: bank.enabled,
      bic: bank.bic,
      beneficiary: bank.beneficiary,
      bank_name: bank.bank_name,
    },
    paypal: {
      configured: Boolean(paypal.client_id && paypal.client_secret),
      client_id: paypal.client_id,
      sandbox: paypal.base_url === PAYPAL_SANDBOX_URL,
    },
  };
}

/** Sends the order confirmation; a mail failure is logged, it never undoes a placed order. */
export async function sendOrderConfirmation(deps: Deps, order: OrderRecord): Promise<void> {
  try {
    const [company, bank] = await Promise.all([
      getSetting(deps, "company_info"),
      getSetting(deps, "payment_bank_transfer"),
    ]);
    await deps.mailer.send(
      orderConfirmationMail(toOrder(order), {
        shopName: company.name,
        siteUrl: deps.siteUrl,
        mediator: consumerMediator(company),
        bank,
      }),
    );
  } catch (error) {
    console.error(`Order ${order.id}: the confirmation mail could not be sent`, error);
  }
}

/** A bank-transfer order: offered only while enabled in the settings; confirmed by mail with the IBAN. */
export async function placeBankTransferOrder(
  deps: Deps,
  user: AuthUser,
  request: BankTransferOrderRequest,
  idempotencyKey: string | undefined,
): Promise<{ order: Order; replayed: boolean }> {
  const bank = await getSetting(deps, "payment_bank_transfer");
  if (!bank.enabled) throw new DomainError("BANK_TRANSFER_DISABLED");
  const { order, replayed } = await placeOrder(deps, user, request, {
    paymentMethod: "bank_transfer",
    idempotencyKey,
    transferSenderName: request.transfer_sender_name,
  });
  if (!replayed) await sendOrderConfirmation(deps, order);
  return { order: toOrder(order), replayed };
}

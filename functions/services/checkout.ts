import type { BankTransferOrderRequest, Order } from "../../src/domain/order";
import { type BankTransferSetting, consumerMediator, PAYPAL_SANDBOX_URL } from "../../src/domain/settings";
import { SHOP_NOT_READY_MESSAGE, shopSetup } from "../../src/domain/shop-setup";
import type { InlineImage } from "../adapters/mail";
import type { AuthUser } from "./auth";
import type { DataDeps, Deps } from "./deps";
import { orderConfirmationMail } from "./mails";
import { type OrderRecord, toOrder } from "./orders";
import { placeOrder } from "./place-order/place-order";
import { getSettings } from "./settings";
import { transferQrImage } from "./transfer-mails";

/**
 * GET /api/settings/checkout: what the payment screen needs, never the IBAN nor the PayPal secret. A method is
 * offered only when it is configured (shop-setup.ts); a method that is not shows no detail at all, and while the
 * shop cannot take orders the screen says so instead of offering a payment (decision record 020).
 */
export async function checkoutSettings(deps: DataDeps) {
  const settings = await getSettings(deps, [
    "company_info",
    "payment_bank_transfer",
    "payment_paypal",
    "shipping",
  ]);
  const { payment_bank_transfer: bank, payment_paypal: paypal } = settings;
  const setup = shopSetup(settings);
  const bankOffered = setup.methods.bank_transfer;
  const paypalOffered = setup.methods.paypal;
  return {
    can_take_orders: setup.canTakeOrders,
    message: setup.canTakeOrders ? null : SHOP_NOT_READY_MESSAGE,
    bank_transfer: {
      enabled: bankOffered,
      bic: bankOffered ? bank.bic : "",
      beneficiary: bankOffered ? bank.beneficiary : "",
      bank_name: bankOffered ? bank.bank_name : "",
    },
    paypal: {
      configured: paypalOffered,
      client_id: paypalOffered ? paypal.client_id : "",
      sandbox: paypal.base_url === PAYPAL_SANDBOX_URL,
    },
  };
}

/**
 * Sends the order confirmation; a mail failure is logged, it never undoes a placed order. `transferQr` draws the
 * transfer's EPC QR code: only the bank-transfer path passes it, so the PayPal functions do not bundle the QR
 * library (tests/budgets).
 */
export async function sendOrderConfirmation(
  deps: Deps,
  order: OrderRecord,
  transferQr?: (order: Order, bank: BankTransferSetting) => Promise<InlineImage | null>,
): Promise<void> {
  try {
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
  const { order, replayed } = await placeOrder(deps, user, request, {
    paymentMethod: "bank_transfer",
    idempotencyKey,
    transferSenderName: request.transfer_sender_name,
  });
  if (!replayed) await sendOrderConfirmation(deps, order, transferQrImage);
  return { order: toOrder(order), replayed };
}

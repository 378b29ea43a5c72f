import type {
  BankTransferOrderRequest,
  GuestBankTransferOrderRequest,
  Order,
} from "../../src/domain/orders/order";
import { PAYPAL_SANDBOX_URL } from "../../src/domain/settings/settings";
import { SHOP_NOT_READY_MESSAGE, shopSetup } from "../../src/domain/settings/shop-setup";
import { mayMailConfirmation } from "../orders/guest/confirmation-limit";
import { type OrderCaller, type PlaceOrderOptions, placeOrder } from "../orders/place-order/place-order";

import { toOrder } from "../orders/service";
import type { DataDeps, Deps } from "../platform/deps";
import { getSettings, publicPickup } from "./service";

/**
 * GET /api/settings/checkout: what the payment screen needs, never the IBAN nor the PayPal secret. A method is
 * offered only when it is configured (shop-setup.ts); a method that is not shows no detail at all, and while the
 * shop cannot take orders the screen says so instead of offering a payment (decision record 020). Delivery to a
 * pick-up point is offered the same way: only while the « Colissimo » card is complete (issue 31).
 */
export async function checkoutSettings(deps: DataDeps) {
  const settings = await getSettings(deps, [
    "company_info",
    "payment_bank_transfer",
    "payment_paypal",
    "shipping",
    "shipping_colissimo",
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
    pickup: publicPickup(settings),
  };
}

/**
 * A bank-transfer order: offered only while enabled in the settings; confirmed by mail with the IBAN, after the
 * answer (the account mail queue: the customer does not wait for the mail, and a failed mail is sent again), unless
 * a guest's e-mail has had its share of confirmations (mayMailConfirmation). The
 * caller's session is proven in the order's own read round (OrderCaller).
 */
export async function placeBankTransferOrder(
  deps: Deps,
  caller: OrderCaller,
  request: BankTransferOrderRequest | GuestBankTransferOrderRequest,
  idempotencyKey: string | undefined,
  guest: Pick<PlaceOrderOptions, "guestLink"> = {},
): Promise<{ order: Order; replayed: boolean; linkSalt?: string; confirmationMailed: boolean | null }> {
  const { order, replayed, linkSalt } = await placeOrder(deps, caller, request, {
    paymentMethod: "bank_transfer",
    idempotencyKey,
    transferSenderName: request.transfer_sender_name,
    ...guest,
  });
  // A replay mails nothing: whether the first request did is not kept (null).
  const confirmationMailed = replayed ? null : await mayMailConfirmation(deps, order);
  if (confirmationMailed)
    deps.accountMail.request({
      kind: "order-confirmation",
      order_id: order.id,
      requested_at: deps.clock().toISOString(),
    });
  return { order: toOrder(order), replayed, linkSalt, confirmationMailed };
}

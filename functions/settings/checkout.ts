import { PAYPAL_SANDBOX_URL } from "../../src/domain/settings/settings";
import { SHOP_NOT_READY_MESSAGE, shopSetup } from "../../src/domain/settings/shop-setup";
import type { DataDeps } from "../platform/deps";
import { getSettings, publicPickup } from "./service";

/**
 * Never the IBAN nor the PayPal secret. A method is offered only when configured, and a shop that cannot take
 * orders says so instead of offering a payment.
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

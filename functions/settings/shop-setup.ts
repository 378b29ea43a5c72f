import type { PaymentMethod } from "../../src/domain/orders/order-status";
import { type ShopSetup, sellRefusal, shopSetup } from "../../src/domain/settings/shop-setup";
import type { DataDeps } from "../platform/deps";
import { getSetting } from "./service";

export async function currentShopSetup(deps: DataDeps): Promise<ShopSetup> {
  const [company_info, payment_bank_transfer, payment_paypal, shipping, shipping_colissimo] =
    await Promise.all([
      getSetting(deps, "company_info"),
      getSetting(deps, "payment_bank_transfer"),
      getSetting(deps, "payment_paypal"),
      getSetting(deps, "shipping"),
      getSetting(deps, "shipping_colissimo"),
    ]);
  return shopSetup({ company_info, payment_bank_transfer, payment_paypal, shipping, shipping_colissimo });
}

/** Identity, mediator and payment methods not set up: no order (503; docs/decisions/020-ready-to-sell.md). */
export async function assertCanSell(deps: DataDeps, method: PaymentMethod): Promise<void> {
  assertSells(await currentShopSetup(deps), method);
}

export function assertSells(setup: ShopSetup, method: PaymentMethod): void {
  const refusal = sellRefusal(setup, method);
  if (refusal) throw refusal;
}

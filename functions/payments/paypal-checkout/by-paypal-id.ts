/** The caller's order behind a PayPal order id, for the routes that name it (release, capture). */

import { DomainError } from "../../../src/domain/errors";
import { type OrderAccess, reachableOrder } from "../../orders/guest/links";
import type { DataDeps } from "../../platform/deps";
import { paypalLinkEntity } from "../entity";

/**
 * The caller's order behind a PayPal order id: a customer's own, or the guest order her link opens;
 * anyone else's answers 404 like a made-up id, before PayPal is called.
 */
export async function reachableByPaypalId(deps: DataDeps, paypalOrderId: string, access: OrderAccess) {
  const { data: link } = await paypalLinkEntity(deps.db).get({ paypal_order_id: paypalOrderId }).go();
  if (!link) throw new DomainError("ORDER_NOT_FOUND");
  return reachableOrder(deps, link.order_id, access);
}

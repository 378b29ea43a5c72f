/**
 * What PayPal is told of our order when its PayPal order is created: the total with a breakdown that adds up, the
 * lines, and where the parcel goes.
 */

import { centsToDecimalText } from "../../../src/domain/money";
import type { OrderRecord } from "../../orders/service";
import type { PaypalOrderRequest } from "../../platform/adapters/paypal/bodies";

const eur = (cents: number) => ({ currency_code: "EUR" as const, value: centsToDecimalText(cents) });

/** The PayPal order for exactly our order: its total, its breakdown, its lines, its delivery address. */
export function paypalOrderRequest(order: OrderRecord): PaypalOrderRequest {
  const a = order.shipping_address;
  const point = order.pickup_point;
  return {
    referenceId: order.id,
    description: `Commande ${order.id.slice(-8)}`,
    amount: {
      ...eur(order.total_cents),
      breakdown: {
        item_total: eur(order.subtotal_cents),
        shipping: eur(order.shipping_cents),
        discount: eur(order.discount_cents),
      },
    },
    items: order.items.map((item) => ({
      name: item.product_name.slice(0, 127),
      sku: String(item.product_id),
      quantity: String(item.quantity),
      unit_amount: eur(item.unit_price_cents),
    })),
    shipping: {
      name: { full_name: `${a.first_name} ${a.last_name}`.slice(0, 300) },
      // Where the parcel goes: the pick-up point's address for an order to a point.
      address: point
        ? {
            address_line_1: point.address_line1,
            ...(point.address_line2 && { address_line_2: point.address_line2 }),
            admin_area_2: point.city,
            postal_code: point.postal_code,
            country_code: point.country_code,
          }
        : {
            address_line_1: a.address_line1,
            ...(a.address_line2 && { address_line_2: a.address_line2 }),
            admin_area_2: a.city,
            postal_code: a.postal_code,
            country_code: a.country === "France" ? "FR" : "US",
          },
    },
  };
}

import { getCompany, getShipping } from "./build-api";
import type { ShippingInfo } from "./product-view";

/** Delivery facts of the product pages, read at build time. */
export async function getShippingInfo(): Promise<ShippingInfo> {
  const [company, shipping] = await Promise.all([getCompany(), getShipping()]);
  return {
    shippingCompany: company.shipping_company,
    freeShippingThreshold: shipping.free_shipping_threshold,
    standardCost: shipping.standard_cost,
  };
}

import { getCompany, getShipping } from "./build-api";
import type { ShippingInfo } from "./product-view";

export async function getShippingInfo(): Promise<ShippingInfo> {
  const [company, shipping] = await Promise.all([getCompany(), getShipping()]);
  return {
    shippingCompany: company.shipping_company,
    freeShippingThreshold: shipping.free_shipping_threshold,
    standardCost: shipping.standard_cost,
  };
}

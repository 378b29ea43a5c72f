import { COUNTRY_CODES, isAddressCountry } from "../../../src/domain/accounts/countries";
import { DomainError } from "../../../src/domain/errors";
import { parisDay } from "../../../src/domain/paris-time";
import {
  type ColissimoSetting,
  colissimoMissing,
  colissimoNotConfiguredMessage,
  senderAddress,
} from "../../../src/domain/settings/colissimo-setting";
import type { LabelInput } from "../../../src/domain/shipping/colissimo-label/request";
import { parcelWeightGrams } from "../../../src/domain/shipping/shipping-labels";
import { netWeightsOf } from "../../catalog/product-reads";
import { type OrderRecord, toOrder } from "../../orders/service";
import type { DataDeps } from "../../platform/deps";
import { openColissimoSecret } from "../colissimo-secrets";

async function netWeights(deps: DataDeps, order: OrderRecord): Promise<Map<number, number>> {
  const ids = [...new Set(order.items.map((item) => item.product_id))];
  return netWeightsOf(deps, ids);
}

/** A pick-up point parcel carries the customer's mobile, which La Poste texts when the parcel can be collected. */
export async function labelInput(
  deps: DataDeps,
  order: OrderRecord,
  setting: ColissimoSetting,
  company: { name: string; email: string; phone: string; address: string },
): Promise<LabelInput> {
  const sender = senderAddress(company.address);
  if (!sender)
    throw new DomainError(
      "COLISSIMO_NOT_CONFIGURED",
      colissimoNotConfiguredMessage(colissimoMissing(setting, company)),
    );
  const address = order.shipping_address;
  const point = order.pickup_point;
  return {
    contractNumber: setting.contract_number,
    password: await openColissimoSecret(deps, "password", setting.password),
    format: setting.label_format,
    productCode: point ? "A2P" : setting.home_product,
    ...(point && { pickupLocationId: point.id }),
    depositDate: parisDay(deps.clock()),
    orderNumber: toOrder(order).order_number,
    commercialName: company.name,
    weightGrams: parcelWeightGrams(order.items, await netWeights(deps, order), setting.packaging_g),
    sender: {
      companyName: company.name,
      line: sender.line,
      zipCode: sender.zipCode,
      city: sender.city,
      countryCode: "FR",
      ...(company.email && { email: company.email }),
      ...(company.phone && { phone: company.phone }),
    },
    addressee: {
      firstName: address.first_name,
      lastName: address.last_name,
      ...(point
        ? {
            line1: point.address_line1,
            line2: point.address_line2 ?? null,
            zipCode: point.postal_code,
            city: point.city,
            countryCode: point.country_code,
            phone: point.phone,
          }
        : {
            line1: address.address_line1,
            line2: address.address_line2 ?? null,
            zipCode: address.postal_code,
            city: address.city,
            countryCode: isAddressCountry(address.country) ? COUNTRY_CODES[address.country] : address.country,
            phone: address.phone,
          }),
      email: order.customer_email,
    },
  };
}

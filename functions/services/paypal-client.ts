import { DomainError } from "../../src/domain/errors";
import { PaypalClient } from "../adapters/paypal";
import type { DataDeps } from "./deps";
import { getSetting } from "./settings";

/** The PayPal REST client with the shop's credentials (503 « PayPal n'est pas configuré. » without them). */
export async function paypalClient(deps: DataDeps): Promise<PaypalClient> {
  const setting = await getSetting(deps, "payment_paypal");
  if (!setting.client_id || !setting.client_secret) throw new DomainError("PAYPAL_NOT_CONFIGURED");
  return new PaypalClient({
    baseUrl: setting.base_url,
    clientId: setting.client_id,
    clientSecret: setting.client_secret,
  });
}

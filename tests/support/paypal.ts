import { afterAll, beforeAll } from "vitest";
import { putPaypalSetting } from "../../functions/payments/paypal-secret";
import { clearPaypalTokens } from "../../functions/platform/adapters/paypal/http";
import type { DataDeps } from "../../functions/platform/deps";
import { type PaypalDouble, startPaypalDouble } from "../doubles/paypal";

/** Starts the PayPal double for the test file and points the shop's PayPal settings at it. */
export function withPaypalDouble(deps: DataDeps): {
  readonly double: PaypalDouble;
  configure: () => Promise<void>;
} {
  let double: PaypalDouble | undefined;
  const configure = async () => {
    if (!double) throw new Error("the PayPal double is not started");
    await putPaypalSetting(deps, {
      base_url: double.url,
      client_id: double.clientId,
      client_secret: double.clientSecret,
      webhook_id: double.webhookId,
    });
  };
  beforeAll(async () => {
    double = await startPaypalDouble();
    await configure();
  });
  afterAll(async () => {
    await double?.close();
    clearPaypalTokens();
  });
  return {
    get double() {
      if (!double) throw new Error("the PayPal double is not started");
      return double;
    },
    configure,
  };
}

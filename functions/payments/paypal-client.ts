import { DomainError } from "../../src/domain/errors";
import { paypalBaseUrlProblem } from "../../src/domain/payments/paypal-hosts";
import { PaypalClient } from "../platform/adapters/paypal/client";
import type { DataDeps } from "../platform/deps";
import { getSetting } from "../settings/service";
import { openPaypalSecret } from "./paypal-secret";

/** A PayPal double on this machine is accepted only when the process says so (the tests, the E2E shop). */
export function paypalLoopbackAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PAYPAL_ALLOW_LOOPBACK === "1";
}

/** Its client_secret is the stored, sealed one: only paypalClient opens it. */
export async function usablePaypalSetting(deps: DataDeps) {
  const setting = await getSetting(deps, "payment_paypal");
  if (!setting.client_id || !setting.client_secret) throw new DomainError("PAYPAL_NOT_CONFIGURED");
  const problem = paypalBaseUrlProblem(setting.base_url, paypalLoopbackAllowed());
  if (problem) {
    console.error(`PayPal base URL refused: ${setting.base_url}`);
    throw new DomainError("PAYPAL_NOT_CONFIGURED", `PayPal n'est pas configuré correctement. ${problem}`);
  }
  return setting;
}

/** The credentials go only to PayPal's API hosts: any other stored address is refused before any call. */
export async function paypalClient(deps: DataDeps): Promise<PaypalClient> {
  const setting = await usablePaypalSetting(deps);
  return new PaypalClient({
    baseUrl: setting.base_url,
    clientId: setting.client_id,
    // Opened here only: on AWS only these functions may decrypt.
    clientSecret: await openPaypalSecret(deps, setting.client_secret),
  });
}

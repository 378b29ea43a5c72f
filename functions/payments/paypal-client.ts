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

/**
 * The PayPal setting, when PayPal can be used: credentials present, PayPal's own API address. Its client_secret is
 * the stored one (sealed): only paypalClient opens it.
 */
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

/**
 * The PayPal REST client with the shop's credentials (503 « PayPal n'est pas configuré. » without them). The
 * credentials go only to PayPal's API hosts: a stored address that is not one (saved before this rule, or written
 * around the admin) is refused before any call.
 */
export async function paypalClient(deps: DataDeps): Promise<PaypalClient> {
  const setting = await usablePaypalSetting(deps);
  return new PaypalClient({
    baseUrl: setting.base_url,
    clientId: setting.client_id,
    // Opened here only, for PayPal's token call (paypal-secret.ts; on AWS only these functions may decrypt).
    clientSecret: await openPaypalSecret(deps, setting.client_secret),
  });
}

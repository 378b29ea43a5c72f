import { reconcile } from "../../payments/jobs/reconcile-paypal";
import type { Reconciliation } from "../../payments/paypal-holds";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";

/** Scheduled (infra/jobs.ts): asks PayPal about the orders whose payment is still open. */
export const handler = settlingBackgroundSends(async (): Promise<Reconciliation> => reconcile(depsFromEnv()));

import { reconcile } from "../../payments/jobs/reconcile-paypal";
import type { Reconciliation } from "../../payments/paypal-holds";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";

export const handler = settlingBackgroundSends(async (): Promise<Reconciliation> => reconcile(depsFromEnv()));

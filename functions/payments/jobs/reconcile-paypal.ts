import type { Deps } from "../../platform/deps";
import { type Reconciliation, reconcilePaypalOrders } from "../paypal-holds";

export async function reconcile(deps: Deps): Promise<Reconciliation> {
  const result = await reconcilePaypalOrders(deps);
  for (const [settlement, ids] of Object.entries(result.settled)) {
    if (settlement !== "unchanged" && ids?.length)
      console.info(`PayPal reconciliation, ${settlement}: ${ids.length} order(s): ${ids.join(", ")}`);
  }
  if (result.failed.length)
    console.error(`PayPal reconciliation could not ask PayPal about: ${result.failed.join(", ")}`);
  return result;
}

/** Nightly (infra/jobs.ts; hourly under the local server). */

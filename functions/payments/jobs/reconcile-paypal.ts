import type { Deps } from "../../platform/deps";
import { type Reconciliation, reconcilePaypalOrders } from "../paypal-holds";

/** Runs the reconciliation and logs what it settled (one line per outcome) and what PayPal could not answer. */
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

/**
 * Scheduled job, nightly (infra/jobs.ts; the local server runs it every hour): asks PayPal about every PayPal order
 * still pending after the hold time and settles it (paid, refunded or released); see reconcilePaypalOrders.
 */

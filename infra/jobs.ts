import { functionArgs } from "./api";

/**
 * Scheduled work. Every 5 minutes: release PayPal holds never captured within 30 minutes, giving their stock and
 * promo use back (functions/jobs/release-holds.ts; the local server runs the same job on a timer).
 */
export const releaseHolds = new sst.aws.Cron("ReleaseHolds", {
  schedule: "rate(5 minutes)",
  function: functionArgs("functions/jobs/release-holds.handler", "Release expired PayPal holds"),
});

/**
 * Every night at 03:00 UTC: ask PayPal about every PayPal order still pending after the hold time and settle it
 * (paid, refunded or released; money captured for a released order refunded). It calls PayPal once per order, so
 * it gets minutes, not the API's 20 seconds (functions/jobs/reconcile-paypal.ts; locally every hour).
 */
export const reconcilePaypal = new sst.aws.Cron("ReconcilePaypal", {
  schedule: "cron(0 3 * * ? *)",
  function: {
    ...functionArgs("functions/jobs/reconcile-paypal.handler", "Reconcile pending PayPal orders with PayPal"),
    timeout: "5 minutes",
  },
});

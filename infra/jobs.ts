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

/**
 * Every hour from 07:05 to 18:05 UTC (08:05 to 19:05 in Paris in winter, 09:05 to 20:05 in summer): bank transfers
 * not received get their one reminder after N Paris days and their order cancelled after M (issue 19;
 * functions/jobs/transfer-follow-up.ts; locally every hour). Daytime only, so customers are not mailed at night;
 * the first run of a day does that day's work. One mail per order due, so minutes, not 20 seconds.
 */
export const transferFollowUp = new sst.aws.Cron("TransferFollowUp", {
  schedule: "cron(5 7-18 * * ? *)",
  function: {
    ...functionArgs("functions/jobs/transfer-follow-up.handler", "Remind and cancel unpaid bank transfers"),
    timeout: "5 minutes",
  },
});

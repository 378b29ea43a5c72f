import { functionArgs } from "./api";

/**
 * Scheduled work. Every 5 minutes: release PayPal holds never captured within 30 minutes, giving their stock and
 * promo use back (functions/jobs/release-holds.ts; the local server runs the same job on a timer).
 */
export const releaseHolds = new sst.aws.Cron("ReleaseHolds", {
  schedule: "rate(5 minutes)",
  function: functionArgs("functions/jobs/release-holds.handler", "Release expired PayPal holds"),
});

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
 * The owner's daily summary e-mail at 8:00 Paris time (functions/jobs/daily-summary.ts; locally a timer in
 * scripts/start.ts). EventBridge Scheduler, not sst.aws.Cron: a Cron is an EventBridge rule, read in UTC only, so
 * 8:00 Paris would be 07:00 UTC in winter and 06:00 UTC in summer and one of the two would be an hour off half the
 * year. A schedule carries its time zone ("Europe/Paris"), and the clock changes are EventBridge's business.
 * The job sends at most one e-mail a Paris day (it claims the day first), so a retry or a second run is harmless.
 */
export const dailySummary = new sst.aws.Function(
  "DailySummary",
  functionArgs("functions/jobs/daily-summary.handler", "Owner's daily summary e-mail (8:00 Europe/Paris)"),
);

/** What EventBridge Scheduler may do, and nothing else: invoke that one function. */
const dailySummaryRole = new aws.iam.Role("DailySummarySchedulerRole", {
  description: "EventBridge Scheduler: invokes the daily summary job",
  assumeRolePolicy: {
    Version: "2012-10-17",
    Statement: [
      { Effect: "Allow", Principal: { Service: "scheduler.amazonaws.com" }, Action: "sts:AssumeRole" },
    ],
  },
});
new aws.iam.RolePolicy("DailySummarySchedulerPolicy", {
  role: dailySummaryRole.name,
  policy: {
    Version: "2012-10-17",
    Statement: [{ Effect: "Allow", Action: "lambda:InvokeFunction", Resource: dailySummary.arn }],
  },
});

export const dailySummarySchedule = new aws.scheduler.Schedule("DailySummarySchedule", {
  description: "Owner's daily summary at 8:00 Paris time",
  scheduleExpression: "cron(0 8 * * ? *)",
  scheduleExpressionTimezone: "Europe/Paris",
  flexibleTimeWindow: { mode: "OFF" },
  // Retried for an hour at most: a summary at 9:00 still helps, one in the afternoon is noise.
  target: {
    arn: dailySummary.arn,
    roleArn: dailySummaryRole.arn,
    retryPolicy: { maximumRetryAttempts: 3, maximumEventAgeInSeconds: 3600 },
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

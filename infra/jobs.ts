import { functionArgs } from "./api";
import { deadLetterQueue } from "./dead-letters";
import { laposteApiKeyJobs, paypalSecretJobs } from "./secret-access";
import { decryptPaypalSecret, grantShopSecret } from "./secrets";

/**
 * Scheduled work, on `sst.aws.CronV2` (EventBridge Scheduler; the installed SST marks `sst.aws.Cron` deprecated). Why
 * these retries and where a failed run goes: docs/decisions/030-failures-reach-the-owner.md.
 *
 * EventBridge Scheduler invokes a Lambda function asynchronously (AWS, Lambda developer guide, "Invoke a Lambda
 * function on a schedule"), so two different things can fail, and each is retried and dead-lettered on its own:
 * - the delivery (Scheduler throttled, Lambda unavailable): the schedule's `retries`, then its dead-letter queue;
 * - the run itself (the job threw, timed out): Lambda's asynchronous retries (at most 2, AWS "Error handling and
 *   automatic retries in Lambda"), then the function's on-failure destination.
 * Both go to the one JobFailures queue, which alarms (infra/alarms.ts) and puts the problem on the to-do list.
 * Every job is safe to run twice: each claims what it does in the table first (holds, reminders, the day's summary).
 */

/** Scheduled runs (and asynchronous invocations of the pipeline's functions) that kept failing. */
export const jobFailures = deadLetterQueue("JobFailures");

/**
 * What every asynchronously invoked function of the shop adds to its arguments: Lambda's 2 retries, no older than
 * `maxEventAgeSeconds` (a run that late is no longer useful: the next scheduled one does its work), then the event
 * and its error to JobFailures. Lambda sends to the destination with the function's own role, hence the permission.
 */
export function asyncFailuresArgs(
  args: sst.aws.FunctionArgs,
  maxEventAgeSeconds: number,
): sst.aws.FunctionArgs {
  const permissions = (args.permissions ?? []) as sst.aws.FunctionPermissionArgs[];
  return {
    ...args,
    retries: 2,
    permissions: [...permissions, { actions: ["sqs:SendMessage"], resources: [jobFailures.arn] }],
    transform: {
      ...args.transform,
      eventInvokeConfig: {
        maximumEventAgeInSeconds: maxEventAgeSeconds,
        destinationConfig: { onFailure: { destination: jobFailures.arn } },
      },
    },
  };
}

export interface ScheduledJob {
  readonly name: string;
  readonly fn: sst.aws.Function;
  readonly cron: sst.aws.CronV2;
}

/** The jobs, in the order they are declared (infra/alarms.ts alarms on each one's errors). */
export const scheduledJobs: ScheduledJob[] = [];

function scheduledJob(
  name: string,
  job: {
    handler: string;
    description: string;
    schedule: sst.aws.CronV2Args["schedule"];
    /** Set where the hour matters: the expression is then read in Paris time, summer time included. */
    timezone?: "Europe/Paris";
    /** Attempts to deliver a run to Lambda after the first. */
    deliveryRetries: number;
    maxEventAgeSeconds: number;
    timeout?: sst.aws.FunctionArgs["timeout"];
  },
): ScheduledJob {
  const args = functionArgs(job.handler, job.description);
  const fn = new sst.aws.Function(
    `${name}Job`,
    asyncFailuresArgs(job.timeout ? { ...args, timeout: job.timeout } : args, job.maxEventAgeSeconds),
  );
  const cron = new sst.aws.CronV2(name, {
    function: fn,
    schedule: job.schedule,
    ...(job.timezone ? { timezone: job.timezone } : {}),
    retries: job.deliveryRetries,
    dlq: jobFailures.arn,
  });
  // The jobs settling PayPal orders open the PayPal secret (docs/decisions/031): a grant on their role, no other.
  const file = job.handler.replace(/\.handler$/, "");
  if (paypalSecretJobs.some((paypalJob) => paypalJob === file)) decryptPaypalSecret(name, fn);
  // The parcels' tracking opens La Poste's API key, and no other secret.
  if (laposteApiKeyJobs.some((trackingJob) => trackingJob === file))
    grantShopSecret(name, fn.nodes.role.arn, "laposteApiKey", "decrypt");
  const declared = { name, fn, cron };
  scheduledJobs.push(declared);
  return declared;
}

/**
 * Every 5 minutes: release PayPal holds never captured within 30 minutes, giving their stock and promo use back
 * (functions/payments/jobs/release-holds.ts; the local server runs the same job on a timer). No time zone: a rate. A run
 * more than 10 minutes late is dropped (to JobFailures): two later runs have done its work.
 */
export const releaseHolds = scheduledJob("ReleaseHolds", {
  handler: "functions/payments/jobs/release-holds.handler",
  description: "Release expired PayPal holds",
  schedule: "rate(5 minutes)",
  deliveryRetries: 2,
  maxEventAgeSeconds: 600,
});

/**
 * Every night at 04:00 Paris time: ask PayPal about every PayPal order still pending after the hold time and settle
 * it (paid, refunded or released; money captured for a released order refunded). 04:00 rather than 02:00 or 03:00:
 * those hours are skipped or repeated on the nights the clocks change. It calls PayPal once per order, so it gets
 * minutes, not the API's 20 seconds (functions/payments/jobs/reconcile-paypal.ts; locally every hour). Retried until 10:00.
 */
export const reconcilePaypal = scheduledJob("ReconcilePaypal", {
  handler: "functions/payments/jobs/reconcile-paypal.handler",
  description: "Reconcile pending PayPal orders with PayPal",
  schedule: "cron(0 4 * * ? *)",
  timezone: "Europe/Paris",
  deliveryRetries: 3,
  maxEventAgeSeconds: 6 * 3600,
  timeout: "5 minutes",
});

/**
 * The owner's daily summary e-mail at 8:00 Paris time, summer and winter (functions/admin/jobs/daily-summary.ts; locally a
 * timer in scripts/start.ts). The job sends at most one e-mail a Paris day (it claims the day first), so a retry or
 * a second run is harmless; retried for an hour at most: a summary at 9:00 still helps, one in the afternoon is noise.
 */
export const dailySummary = scheduledJob("DailySummary", {
  handler: "functions/admin/jobs/daily-summary.handler",
  description: "Owner's daily summary e-mail (8:00 Europe/Paris)",
  schedule: "cron(0 8 * * ? *)",
  timezone: "Europe/Paris",
  deliveryRetries: 3,
  maxEventAgeSeconds: 3600,
});

/**
 * Every hour from 08:05 to 19:05 Paris time: bank transfers not received get their one reminder after N Paris days
 * and their order cancelled after M (functions/payments/jobs/transfer-follow-up.ts; locally every hour). Daytime
 * only, so customers are not mailed at night; the first run of a day does that day's work, and a run retried more
 * than an hour late is dropped: the next hour's does the same. One mail per order due, so minutes, not 20 seconds.
 */
export const transferFollowUp = scheduledJob("TransferFollowUp", {
  handler: "functions/payments/jobs/transfer-follow-up.handler",
  description: "Remind and cancel unpaid bank transfers",
  schedule: "cron(5 8-19 * * ? *)",
  timezone: "Europe/Paris",
  deliveryRetries: 2,
  maxEventAgeSeconds: 3600,
  timeout: "5 minutes",
});

/**
 * Every two hours from 07:20 to 21:20 Paris time: La Poste's tracking of the orders shipped by Colissimo, their events
 * recorded and their delivery dated by the carrier (functions/shipping/jobs/track-parcels.ts; locally every
 * hour). La Poste scans parcels through the day; a run retried more than an hour late is dropped, the next one does
 * its work. Two calls at a time, well under La Poste's 10 a second: minutes for a busy week, not 20 seconds.
 */
export const trackParcels = scheduledJob("TrackParcels", {
  handler: "functions/shipping/jobs/track-parcels.handler",
  description: "Read La Poste's tracking of shipped Colissimo parcels",
  // An explicit list: EventBridge Scheduler documents `/` as "start/increment" only (7/2 would run until 23:20).
  schedule: "cron(20 7,9,11,13,15,17,19,21 * * ? *)",
  timezone: "Europe/Paris",
  deliveryRetries: 2,
  maxEventAgeSeconds: 3600,
  timeout: "5 minutes",
});

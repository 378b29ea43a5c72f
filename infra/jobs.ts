import { functionArgs } from "./api";
import { deadLetterQueue } from "./dead-letters";
import { laposteApiKeyJobs, paypalSecretJobs } from "./secret-access";
import { decryptPaypalSecret, grantShopSecret } from "./secrets";

/**
 * Scheduled work on `sst.aws.CronV2` (SST deprecates `sst.aws.Cron`); retries and failures:
 * docs/decisions/030-failures-reach-the-owner.md. Every job is safe to run twice: each claims its work first.
 */

export const jobFailures = deadLetterQueue("JobFailures");

/** The event goes to JobFailures with the function's own role, hence the permission. */
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

export const scheduledJobs: ScheduledJob[] = [];

function scheduledJob(
  name: string,
  job: {
    handler: string;
    description: string;
    schedule: sst.aws.CronV2Args["schedule"];
    /** Read in Paris time, summer time included. */
    timezone?: "Europe/Paris";
    deliveryRetries: number;
    maxEventAgeSeconds: number;
    timeout?: sst.aws.FunctionArgs["timeout"];
    /** A job that mails nobody gets no right to send mail. */
    sendsMail?: false;
  },
): ScheduledJob {
  const args = functionArgs(job.handler, job.description, { sendsMail: job.sendsMail });
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
  // Only the jobs that need a secret get a grant on it (docs/decisions/031).
  const file = job.handler.replace(/\.handler$/, "");
  if (paypalSecretJobs.some((paypalJob) => paypalJob === file)) decryptPaypalSecret(name, fn);
  if (laposteApiKeyJobs.some((trackingJob) => trackingJob === file))
    grantShopSecret(name, fn.nodes.role.arn, "laposteApiKey", "decrypt");
  const declared = { name, fn, cron };
  scheduledJobs.push(declared);
  return declared;
}

/** Dropped after 10 minutes: two later runs did it. */
export const releaseHolds = scheduledJob("ReleaseHolds", {
  handler: "functions/main/jobs/release-holds.handler",
  description: "Release expired PayPal holds",
  schedule: "rate(5 minutes)",
  deliveryRetries: 2,
  maxEventAgeSeconds: 600,
});

/** 04:00: 02:00 and 03:00 are skipped or repeated when the clocks change. */
export const reconcilePaypal = scheduledJob("ReconcilePaypal", {
  handler: "functions/main/jobs/reconcile-paypal.handler",
  description: "Reconcile pending PayPal orders with PayPal",
  schedule: "cron(0 4 * * ? *)",
  timezone: "Europe/Paris",
  deliveryRetries: 3,
  maxEventAgeSeconds: 6 * 3600,
  timeout: "5 minutes",
});

/** The job claims the day first, so a retry is harmless. */
export const dailySummary = scheduledJob("DailySummary", {
  handler: "functions/main/jobs/daily-summary.handler",
  description: "Owner's daily summary e-mail (8:00 Europe/Paris)",
  schedule: "cron(0 8 * * ? *)",
  timezone: "Europe/Paris",
  deliveryRetries: 3,
  maxEventAgeSeconds: 3600,
});

/** Daytime only, so customers are not mailed at night. */
export const transferFollowUp = scheduledJob("TransferFollowUp", {
  handler: "functions/main/jobs/transfer-follow-up.handler",
  description: "Remind and cancel unpaid bank transfers",
  schedule: "cron(5 8-19 * * ? *)",
  timezone: "Europe/Paris",
  deliveryRetries: 2,
  maxEventAgeSeconds: 3600,
  timeout: "5 minutes",
});

/** Two calls at a time, well under La Poste's 10 a second. */
export const trackParcels = scheduledJob("TrackParcels", {
  handler: "functions/main/jobs/track-parcels.handler",
  description: "Read La Poste's tracking of shipped Colissimo parcels",
  // An explicit list: EventBridge Scheduler documents `/` as "start/increment" only (7/2 would run until 23:20).
  schedule: "cron(20 7,9,11,13,15,17,19,21 * * ? *)",
  timezone: "Europe/Paris",
  deliveryRetries: 2,
  maxEventAgeSeconds: 3600,
  timeout: "5 minutes",
});

/** Once a day, mid-morning in Paris: each delivered order's one review invitation, claimed before it goes. */
export const reviewInvitations = scheduledJob("ReviewInvitations", {
  handler: "functions/main/jobs/review-invitations.handler",
  description: "Invite customers to review what they received",
  schedule: "cron(30 10 * * ? *)",
  timezone: "Europe/Paris",
  deliveryRetries: 2,
  maxEventAgeSeconds: 3600,
  timeout: "5 minutes",
});

/**
 * Every 5 minutes: a reduction's start or end since the last publish asked for marks the pages stale, so they follow
 * each price change within minutes (the orders are priced by the server at their instant meanwhile); older products
 * get their first price line. Mails nobody.
 */
export const priceChanges = scheduledJob("PriceChanges", {
  handler: "functions/main/jobs/price-changes.handler",
  description: "Publish the pages at each reduction's start and end",
  schedule: "rate(5 minutes)",
  deliveryRetries: 2,
  maxEventAgeSeconds: 600,
  sendsMail: false,
});

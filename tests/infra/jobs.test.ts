/**
 * The scheduled jobs as `sst deploy` would declare them (SST's globals stubbed: sst-stubs.ts): sst.aws.CronV2 (the
 * installed SST deprecates sst.aws.Cron), Paris time where the hour matters, and every failure retried then kept in
 * JobFailures: the schedule's delivery (retries, dead-letter queue) and the run itself (Lambda's asynchronous retries,
 * on-failure destination), since EventBridge Scheduler invokes Lambda asynchronously (docs/decisions/030).
 */
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEAD_LETTER_RETENTION_SECONDS } from "../../infra/dead-letters";
import { JOB_LABELS } from "../../src/domain/admin/owner-problems";
import { type Deployment, deepKnown, deploy, known, restoreSstStubs, sstWorkDir } from "./sst-stubs";

const root = resolve(import.meta.dirname, "../..");
const devEnv = { SHOP_DOMAIN: undefined, SHOP_EMAIL_SENDER: "boutique@example.fr" };

afterEach(restoreSstStubs);
afterAll(() => rmSync(sstWorkDir, { recursive: true, force: true }));

function single<T>(items: readonly T[], what: string): T {
  expect(items, `exactly one ${what}`).toHaveLength(1);
  return items[0] as T;
}

/** The expected jobs: schedule, time zone, handler, timeout, how late a retried run may still be useful. */
const JOBS = {
  ReleaseHolds: {
    schedule: "rate(5 minutes)",
    timezone: undefined,
    handler: "functions/main/jobs/release-holds.handler",
    timeout: "20 seconds",
    maxAge: 600,
  },
  // 04:00 Paris: never an hour the clock change skips or repeats.
  ReconcilePaypal: {
    schedule: "cron(0 4 * * ? *)",
    timezone: "Europe/Paris",
    handler: "functions/main/jobs/reconcile-paypal.handler",
    timeout: "5 minutes",
    maxAge: 6 * 3600,
  },
  DailySummary: {
    schedule: "cron(0 8 * * ? *)",
    timezone: "Europe/Paris",
    handler: "functions/main/jobs/daily-summary.handler",
    timeout: "20 seconds",
    maxAge: 3600,
  },
  // Daytime in Paris, said in Paris hours: 08:05 to 19:05, summer and winter.
  TransferFollowUp: {
    schedule: "cron(5 8-19 * * ? *)",
    timezone: "Europe/Paris",
    handler: "functions/main/jobs/transfer-follow-up.handler",
    timeout: "5 minutes",
    maxAge: 3600,
  },
  // Every two daytime hours in Paris, 07:20 to 21:20: La Poste's tracking of the shipped parcels (issue 31).
  TrackParcels: {
    schedule: "cron(20 7,9,11,13,15,17,19,21 * * ? *)",
    timezone: "Europe/Paris",
    handler: "functions/main/jobs/track-parcels.handler",
    timeout: "5 minutes",
    maxAge: 3600,
  },
  // Once a day at 10:30 in Paris: the review invitations, never at night.
  ReviewInvitations: {
    schedule: "cron(30 10 * * ? *)",
    timezone: "Europe/Paris",
    handler: "functions/main/jobs/review-invitations.handler",
    timeout: "5 minutes",
    maxAge: 3600,
  },
  // Every 5 minutes: the pages published after each reduction's start and end (decision record 054).
  PriceChanges: {
    schedule: "rate(5 minutes)",
    timezone: undefined,
    handler: "functions/main/jobs/price-changes.handler",
    timeout: "20 seconds",
    maxAge: 600,
    mailsNobody: true,
  },
} as const;

const jobFailuresOf = (deployment: Deployment) =>
  single(
    deployment.recording.queues.filter(({ name }) => name === "JobFailures"),
    "JobFailures queue",
  );

function jobOf(deployment: Deployment, name: keyof typeof JOBS) {
  const cron = single(
    deployment.recording.crons.filter((recorded) => recorded.name === name),
    `${name} schedule`,
  );
  const fn = single(
    deployment.recording.functions.filter(({ instance }) => instance === cron.args.function),
    `${name} function`,
  );
  return { cron, fn, args: deepKnown(fn.args) as sst.aws.FunctionArgs };
}

describe("the scheduled jobs", () => {
  it("are CronV2 schedules, exactly these six, with no hand-built EventBridge schedule left", async () => {
    const deployment = await deploy("dev", devEnv);
    expect(deployment.recording.crons.map(({ name }) => name).sort()).toEqual(Object.keys(JOBS).sort());
    expect(deployment.recording.resources.map(({ type }) => type)).not.toContain(
      "aws:scheduler/schedule:Schedule",
    );
    expect((globalThis as { sst?: { aws: Record<string, unknown> } }).sst?.aws).not.toHaveProperty("Cron");
  });

  for (const [name, job] of Object.entries(JOBS) as [keyof typeof JOBS, (typeof JOBS)[keyof typeof JOBS]][]) {
    it(`${name}: ${job.schedule}${job.timezone ? ` in ${job.timezone}` : ""}, retried, then kept in JobFailures`, async () => {
      const deployment = await deploy("dev", devEnv);
      const { cron, args } = jobOf(deployment, name);
      const failures = known(jobFailuresOf(deployment).instance.arn);
      expect(known(cron.args.schedule)).toBe(job.schedule);
      expect(known(cron.args.timezone)).toBe(job.timezone);
      // The delivery: retried by EventBridge Scheduler, then its dead-letter queue.
      expect(known(cron.args.retries)).toBeGreaterThanOrEqual(2);
      expect(known(cron.args.dlq)).toBe(failures);
      // The run: Lambda's two asynchronous retries, then the on-failure destination, which the role may send to.
      expect(args.retries).toBe(2);
      expect(args.transform?.eventInvokeConfig).toEqual({
        maximumEventAgeInSeconds: job.maxAge,
        destinationConfig: { onFailure: { destination: failures } },
      });
      expect(args.permissions).toContainEqual({ actions: ["sqs:SendMessage"], resources: [failures] });
      // The API's runtime, table and mail (none for a job that mails nobody).
      expect(args.handler).toBe(job.handler);
      expect(existsSync(resolve(root, job.handler.replace(/\.handler$/, ".ts")))).toBe(true);
      expect(args.runtime).toBe("nodejs24.x");
      expect(args.timeout).toBe(job.timeout);
      const table = single(deployment.recording.tables, "table");
      const email = single(deployment.recording.emails, "e-mail identity");
      // Not linked: items written and mail sent, listed (least-privilege.test.ts).
      expect(args.link).toBeUndefined();
      const rights = JSON.stringify(args.permissions);
      expect(rights).toContain(String(known(table.instance.arn)));
      const mailRight = String(known(email.instance.nodes.identity.arn));
      if ("mailsNobody" in job) expect(rights).not.toContain(mailRight);
      else expect(rights).toContain(mailRight);
      expect(args.environment).toMatchObject({
        TABLE_NAME: "savon-shop-dev-TableTable",
        MAIL_FROM: "boutique@example.fr",
      });
    });
  }

  it("each has a French name on the owner's to-do list when it fails", () => {
    expect(Object.keys(JOB_LABELS).sort()).toEqual(Object.keys(JOBS).sort());
  });

  it("keeps failed runs two weeks, longer than any source keeps them, and nothing consumes them", async () => {
    const deployment = await deploy("dev", devEnv);
    const failures = jobFailuresOf(deployment);
    expect(DEAD_LETTER_RETENTION_SECONDS).toBe(1_209_600);
    expect(deepKnown(failures.args?.transform)).toEqual({
      queue: { messageRetentionSeconds: DEAD_LETTER_RETENTION_SECONDS },
    });
    expect(deployment.recording.subscriptions.map(({ queue }) => queue)).not.toContain("JobFailures");
  });
});

/**
 * Limits of AWS the infra stays under, checked on what `sst deploy` would declare (SST's globals stubbed): the queue
 * subscribers' concurrency, the scheduled jobs' cron expressions as EventBridge Scheduler documents them, and the
 * buckets CloudFront reads limited to the shop's distributions.
 */
import { afterEach, describe, expect, it } from "vitest";
import { QUEUE_MAX_CONCURRENCY, SES_SANDBOX_RATE_PER_SECOND } from "../../infra/failure-policy";
import { devEnv, productionEnv } from "./recorded";
import { deepKnown, deploy, known, restoreSstStubs } from "./sst-stubs";

afterEach(restoreSstStubs);

describe("queue subscribers", () => {
  it("each have a maximum concurrency: Lambda's minimum of 2, the mails sent one at a time by each", async () => {
    const deployment = await deploy("dev", devEnv);
    const subscriptions = deployment.recording.subscriptions;
    expect(subscriptions.map(({ queue }) => queue).sort()).toEqual(["AccountMail", "SitePublish"]);
    // Lambda's bounds for an SQS event source's maximumConcurrency are 2 to 1000.
    expect(QUEUE_MAX_CONCURRENCY).toBe(2);
    for (const { queue, args } of subscriptions)
      expect(deepKnown(args?.transform?.eventSourceMapping), queue).toEqual({
        scalingConfig: { maximumConcurrency: QUEUE_MAX_CONCURRENCY },
      });
    // Sandbox SES sends 1 message a second: 2 subscribers sending one mail at a time are the closest Lambda allows.
    expect(SES_SANDBOX_RATE_PER_SECOND).toBe(1);
  });
});

/**
 * EventBridge Scheduler's cron syntax (Scheduler user guide, "Schedule types", cron expressions): six fields; a field
 * is `*`, `?`, values and ranges (`a-b`) joined by commas, or an increment `start/step` (`*` or a value, then a step).
 * A range with an increment (`7-21/2`) is not in that list.
 */
const CRON_FIELDS: readonly { name: string; min: number; max: number; extra: RegExp }[] = [
  { name: "minutes", min: 0, max: 59, extra: /^$/ },
  { name: "hours", min: 0, max: 23, extra: /^$/ },
  { name: "day-of-month", min: 1, max: 31, extra: /^(\?|L|\d{1,2}W)$/ },
  {
    name: "month",
    min: 1,
    max: 12,
    extra: /^(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(-[A-Z]{3})?$/,
  },
  { name: "day-of-week", min: 1, max: 7, extra: /^(\?|L|\d#\d|(SUN|MON|TUE|WED|THU|FRI|SAT)(-[A-Z]{3})?)$/ },
  { name: "year", min: 1970, max: 2199, extra: /^$/ },
];

/** The values a documented field allows, or an error saying why the field is not documented syntax. */
function cronField(
  field: string,
  { name, min, max, extra }: (typeof CRON_FIELDS)[number],
): number[] | string {
  const inRange = (value: number) => Number.isInteger(value) && value >= min && value <= max;
  if (field === "*") return Array.from({ length: max - min + 1 }, (_, index) => min + index);
  const increment = /^(\*|\d+)\/(\d+)$/.exec(field);
  if (increment) {
    const start = increment[1] === "*" ? min : Number(increment[1]);
    const step = Number(increment[2]);
    if (!inRange(start) || step < 1) return `${name}: ${field} is no valid increment`;
    const values: number[] = [];
    for (let value = start; value <= max; value += step) values.push(value);
    return values;
  }
  const values: number[] = [];
  for (const part of field.split(",")) {
    if (extra.test(part)) continue;
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range) return `${name}: ${part} is not documented syntax`;
    const from = Number(range[1]);
    const to = Number(range[2] ?? range[1]);
    if (!inRange(from) || !inRange(to) || to < from) return `${name}: ${part} is out of ${min}-${max}`;
    for (let value = from; value <= to; value++) values.push(value);
  }
  return values;
}

function parseCron(expression: string): number[][] {
  const body = /^cron\((.*)\)$/.exec(expression)?.[1];
  if (!body) throw new Error(`${expression} is not cron(...)`);
  const fields = body.split(" ");
  if (fields.length !== CRON_FIELDS.length) throw new Error(`${expression}: six fields expected`);
  return fields.map((field, index) => {
    const parsed = cronField(field, CRON_FIELDS[index] as (typeof CRON_FIELDS)[number]);
    if (typeof parsed === "string") throw new Error(`${expression}: ${parsed}`);
    return parsed;
  });
}

describe("scheduled jobs", () => {
  it("use only the cron and rate syntax EventBridge Scheduler documents", async () => {
    const deployment = await deploy("dev", devEnv);
    expect(deployment.recording.crons.length).toBeGreaterThan(0);
    for (const { name, args } of deployment.recording.crons) {
      const schedule = String(deepKnown(args.schedule));
      if (schedule.startsWith("rate(")) expect(schedule, name).toMatch(/^rate\(\d+ (minute|hour|day)s?\)$/);
      else expect(() => parseCron(schedule), name).not.toThrow();
    }
  });

  it("track the parcels every two hours, 07:20 to 21:20", async () => {
    const deployment = await deploy("dev", devEnv);
    const track = deployment.recording.crons.find(({ name }) => name === "TrackParcels");
    const [minutes, hours] = parseCron(String(deepKnown(track?.args.schedule)));
    expect(minutes).toEqual([20]);
    expect(hours).toEqual([7, 9, 11, 13, 15, 17, 19, 21]);
  });

  it("a range with an increment is refused, as the documentation does not list it", () => {
    expect(() => parseCron("cron(20 7-21/2 * * ? *)")).toThrow(/hours: 7-21\/2/);
    expect(parseCron("cron(0/15 8 * * ? *)")[0]).toEqual([0, 15, 30, 45]);
  });
});

describe("buckets served through CloudFront", () => {
  it.each([
    ["dev", devEnv],
    ["production", productionEnv],
  ] as const)(
    "are read only by the shop's distributions, named in an AWS:SourceArn condition (%s)",
    async (stage, env) => {
      const deployment = await deploy(stage, env);
      const served = deployment.recording.buckets.filter(({ args }) => known(args?.access) === "cloudfront");
      expect(served.map(({ name }) => name).sort()).toEqual(["Media", "WebAssets"]);
      const [router] = deployment.recording.routers;
      const distribution = `arn:aws:cloudfront::123456789012:distribution/${known(router?.instance.distributionID)}`;
      const expected: Record<string, [string, string]> = {
        // The site's bucket: the Router's distribution itself.
        WebAssets: ["StringNotEquals", distribution],
        // The photos' bucket is declared before the Router: the account's distributions.
        Media: ["ArnNotLike", "arn:aws:cloudfront::123456789012:distribution/*"],
      };
      for (const { name, args } of served) {
        const [test, sourceArn] = expected[name] ?? ["", ""];
        expect(deepKnown(args?.policy), name).toEqual([
          {
            effect: "deny",
            principals: [{ type: "service", identifiers: ["cloudfront.amazonaws.com"] }],
            actions: ["s3:GetObject"],
            paths: ["*"],
            conditions: [{ test, variable: "AWS:SourceArn", values: [sourceArn] }],
          },
        ]);
      }
    },
  );
});

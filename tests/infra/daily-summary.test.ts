/**
 * The owner's daily summary job (issue 19) as `sst deploy` would declare it, with SST's globals stubbed
 * (sst-stubs.ts): an EventBridge Scheduler schedule at 8:00 in the Europe/Paris time zone (not a UTC cron, which
 * would be an hour off half the year), invoking the job's function through a role that may do nothing else.
 */
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { deepKnown, deploy, known, restoreSstStubs, sstWorkDir } from "./sst-stubs";

const root = resolve(import.meta.dirname, "../..");
const devEnv = { SHOP_DOMAIN: undefined, SHOP_EMAIL_SENDER: "boutique@example.fr" };

afterEach(restoreSstStubs);
afterAll(() => rmSync(sstWorkDir, { recursive: true, force: true }));

function single<T>(items: readonly T[], what: string): T {
  expect(items, `exactly one ${what}`).toHaveLength(1);
  return items[0] as T;
}

describe("the daily summary job", () => {
  it("runs at 8:00 Europe/Paris through EventBridge Scheduler, with the API's runtime and table", async () => {
    const deployment = await deploy("dev", devEnv);
    const fn = single(
      deployment.recording.functions.filter(({ name }) => name === "DailySummary"),
      "daily summary function",
    );
    const args = deepKnown(fn.args) as sst.aws.FunctionArgs;
    expect(args.handler).toBe("functions/jobs/daily-summary.handler");
    expect(existsSync(resolve(root, "functions/jobs/daily-summary.ts"))).toBe(true);
    expect(args.runtime).toBe("nodejs24.x");
    expect(args.environment).toMatchObject({
      TABLE_NAME: "savon-shop-dev-TableTable",
      MAIL_FROM: expect.any(String),
    });
    // No sst.aws.Cron for it: a Cron is UTC only.
    expect(deployment.recording.crons.map(({ name }) => name)).not.toContain("DailySummary");

    const schedule = single(
      deployment.recording.resources.filter(({ type }) => type === "aws:scheduler/schedule:Schedule"),
      "schedule",
    );
    const scheduleArgs = deepKnown(schedule.args) as Record<string, unknown>;
    expect(scheduleArgs.scheduleExpression).toBe("cron(0 8 * * ? *)");
    expect(scheduleArgs.scheduleExpressionTimezone).toBe("Europe/Paris");
    expect(scheduleArgs.flexibleTimeWindow).toEqual({ mode: "OFF" });
    const target = scheduleArgs.target as {
      arn: string;
      roleArn: string;
      retryPolicy: Record<string, number>;
    };
    expect(target.arn).toBe(known(fn.instance.arn));
    expect(target.retryPolicy.maximumEventAgeInSeconds).toBeLessThanOrEqual(3600);

    const role = single(
      deployment.recording.resources.filter(
        ({ type, name }) => type === "aws:iam/role:Role" && name === "DailySummarySchedulerRole",
      ),
      "scheduler role",
    );
    expect(target.roleArn).toBe(known(role.instance.arn));
    expect(JSON.stringify(deepKnown(role.args.assumeRolePolicy))).toContain("scheduler.amazonaws.com");
    const policy = single(
      deployment.recording.resources.filter(
        ({ type, name }) =>
          type === "aws:iam/rolePolicy:RolePolicy" && name === "DailySummarySchedulerPolicy",
      ),
      "scheduler policy",
    );
    expect(known(policy.args.role as $util.Input<string>)).toBe(known(role.instance.name));
    expect(deepKnown(policy.args.policy)).toEqual({
      Version: "2012-10-17",
      Statement: [{ Effect: "Allow", Action: "lambda:InvokeFunction", Resource: known(fn.instance.arn) }],
    });
  });
});

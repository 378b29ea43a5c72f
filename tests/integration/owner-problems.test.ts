/**
 * « Quelque chose ne va pas » (issue 27): the shop's failures at the top of the owner's to-do list, on DynamoDB Local.
 * On AWS a CloudWatch alarm notifies the alarm topic, whose subscriber (functions/admin/jobs/shop-alarm.ts) records the
 * problem; the events below have the shape AWS documents: SNS's Lambda event ("Invoking Lambda functions with Amazon
 * SNS notifications") carrying, as its Message, the JSON CloudWatch publishes for an alarm state change. Under
 * `npm start` the jobs runner records the same kinds (scripts/local/jobs.ts).
 */
import type { SNSEvent } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { recordAlarms } from "../../functions/admin/jobs/shop-alarm";
import { isoTime } from "../../functions/platform/owner-problems";
import { retryingMail, watchedJob } from "../../scripts/local/jobs";
import { alarmName } from "../../src/domain/admin/owner-problems";
import type { OwnerTodo } from "../../src/domain/admin/owner-todo/list";
import { createTestContext } from "../setup/test-db";
import { createCustomer } from "../support/customers";

let now = new Date("2026-11-02T08:00:00.000Z");
const ctx = await createTestContext({ now: () => now });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const quiet = { info: () => {}, error: () => {} };

async function todo(): Promise<OwnerTodo> {
  const response = await admin.call("GET", "/api/admin/todo");
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as OwnerTodo;
}

/** CloudWatch's alarm notification, as it arrives in SNS's Lambda event (fields AWS documents; values ours). */
function alarmEvent(name: string, state: "ALARM" | "OK" | "INSUFFICIENT_DATA", at: string): SNSEvent {
  const message = {
    AlarmName: name,
    AlarmDescription: "Erreurs de la tâche DailySummary",
    AWSAccountId: "123456789012",
    AlarmConfigurationUpdatedTimestamp: "2026-11-01T10:00:00.000+0000",
    NewStateValue: state,
    NewStateReason:
      state === "ALARM"
        ? "Threshold Crossed: 1 out of the last 1 datapoints [1.0 (02/11/26 07:55:00)] was greater than or equal to the threshold (1.0) (minimum 1 datapoint for OK -> ALARM transition)."
        : "Threshold Crossed: no datapoints were received for 1 period and 1 missing datapoint was treated as [NonBreaching].",
    StateChangeTime: at,
    Region: "EU (Paris)",
    AlarmArn: `arn:aws:cloudwatch:eu-west-3:123456789012:alarm:${name}`,
    OldStateValue: state === "ALARM" ? "OK" : "ALARM",
    OKActions: ["arn:aws:sns:eu-west-3:123456789012:savon-shop-production-ShopAlertsTopic"],
    AlarmActions: ["arn:aws:sns:eu-west-3:123456789012:savon-shop-production-ShopAlertsTopic"],
    InsufficientDataActions: [],
    Trigger: {
      MetricName: "Errors",
      Namespace: "AWS/Lambda",
      StatisticType: "Statistic",
      Statistic: "SUM",
      Unit: null,
      Dimensions: [{ value: "savon-shop-production-DailySummaryJobFunction-abc123", name: "FunctionName" }],
      Period: 300,
      EvaluationPeriods: 1,
      ComparisonOperator: "GreaterThanOrEqualToThreshold",
      Threshold: 1.0,
      TreatMissingData: "ignore",
      EvaluateLowSampleCountPercentile: "",
    },
  };
  return {
    Records: [
      {
        EventVersion: "1.0",
        EventSubscriptionArn:
          "arn:aws:sns:eu-west-3:123456789012:savon-shop-production-ShopAlertsTopic:2bcfbf39-05c3-41de-beaa-fcfcc21c8f55",
        EventSource: "aws:sns",
        Sns: {
          SignatureVersion: "1",
          Timestamp: "2026-11-02T07:55:30.000Z",
          Signature: "EXAMPLE",
          SigningCertUrl: "https://sns.eu-west-3.amazonaws.com/SimpleNotificationService-0000.pem",
          MessageId: `${name}-${state}-${at}`,
          Message: JSON.stringify(message),
          MessageAttributes: {},
          Type: "Notification",
          UnsubscribeUrl: "https://sns.eu-west-3.amazonaws.com/?Action=Unsubscribe",
          TopicArn: "arn:aws:sns:eu-west-3:123456789012:savon-shop-production-ShopAlertsTopic",
          Subject: `ALARM: "${name}" in EU (Paris)`,
        },
      },
    ],
  };
}

const dailySummaryAlarm = alarmName("savon-shop-production", "job_failed", "DailySummary");
const mailDeadLetters = alarmName("savon-shop-production", "dead_letters", "AccountMail");

describe("alarms on the owner's to-do list", () => {
  it("reads CloudWatch's times, offset without a colon", () => {
    expect(isoTime("2026-11-02T07:55:19.557+0000")).toBe("2026-11-02T07:55:19.557Z");
    expect(isoTime("2026-11-02T08:55:19.557+0100")).toBe("2026-11-02T07:55:19.557Z");
    expect(isoTime("not a time")).toBeUndefined();
  });

  it("lists an alarm first, in French, with what to do, and counts it", async () => {
    expect(
      await recordAlarms(
        ctx.deps,
        alarmEvent(dailySummaryAlarm, "ALARM", "2026-11-02T07:55:19.557+0000"),
        quiet,
      ),
    ).toEqual(["recorded"]);
    const list = await todo();
    expect(list.problems).toEqual([
      {
        kind: "job_failed",
        subject: "DailySummary",
        since: "2026-11-02T07:55:19.557Z",
        title: "Une tâche automatique a échoué : le résumé quotidien de 8 h",
        action: expect.stringContaining("réessayée à son prochain passage"),
      },
    ]);
    expect(list.count).toBe(1);
  });

  it("keeps the problem's start when the alarm notifies again, and ignores what is not the shop's", async () => {
    await recordAlarms(
      ctx.deps,
      alarmEvent(dailySummaryAlarm, "ALARM", "2026-11-02T08:20:00.000+0000"),
      quiet,
    );
    const other = await recordAlarms(
      ctx.deps,
      alarmEvent("someone-elses-alarm", "ALARM", "2026-11-02T08:20:00.000+0000"),
      quiet,
    );
    const insufficient = await recordAlarms(
      ctx.deps,
      alarmEvent(mailDeadLetters, "INSUFFICIENT_DATA", "2026-11-02T08:20:00.000+0000"),
      quiet,
    );
    expect([...other, ...insufficient]).toEqual(["ignored", "ignored"]);
    const notJson = alarmEvent(dailySummaryAlarm, "OK", "2026-11-02T08:21:00.000+0000");
    (notJson.Records[0] as { Sns: { Message: string } }).Sns.Message = "Hello";
    expect(await recordAlarms(ctx.deps, notJson, quiet)).toEqual(["ignored"]);
    expect((await todo()).problems.map(({ kind, since }) => [kind, since])).toEqual([
      ["job_failed", "2026-11-02T07:55:19.557Z"],
    ]);
  });

  it("clears the problem when the alarm returns to OK, not on an OK older than the problem", async () => {
    // SNS does not keep order: an OK from before this ALARM arrives late.
    expect(
      await recordAlarms(
        ctx.deps,
        alarmEvent(dailySummaryAlarm, "OK", "2026-11-02T07:00:00.000+0000"),
        quiet,
      ),
    ).toEqual(["kept"]);
    expect((await todo()).problems).toHaveLength(1);
    expect(
      await recordAlarms(
        ctx.deps,
        alarmEvent(dailySummaryAlarm, "OK", "2026-11-02T09:00:00.000+0000"),
        quiet,
      ),
    ).toEqual(["cleared"]);
    const list = await todo();
    expect(list.problems).toEqual([]);
    expect(list.count).toBe(0);
  });

  it("says what to do about mails given up, in French", async () => {
    await recordAlarms(ctx.deps, alarmEvent(mailDeadLetters, "ALARM", "2026-11-02T09:30:00.000+0000"), quiet);
    const [problem] = (await todo()).problems;
    expect(problem?.title).toBe("Des e-mails n'ont pas pu partir après plusieurs essais");
    expect(problem?.action).toContain("AccountMailDeadLetter");
    await recordAlarms(ctx.deps, alarmEvent(mailDeadLetters, "OK", "2026-11-02T10:00:00.000+0000"), quiet);
    expect((await todo()).problems).toEqual([]);
  });
});

describe("the local jobs runner (npm start)", () => {
  it("records a failing job under its AWS name, and clears it when the job succeeds again", async () => {
    let fail = true;
    const errors: unknown[][] = [];
    const run = watchedJob(
      ctx.deps,
      "TransferFollowUp",
      "Relance des virements",
      async () => {
        if (fail) throw new Error("DynamoDB Local ne répond pas");
      },
      { error: (...args: unknown[]) => errors.push(args) },
    );
    now = new Date("2026-11-03T09:05:00.000Z");
    await run();
    expect(errors).toEqual([["Relance des virements :", "DynamoDB Local ne répond pas"]]);
    expect((await todo()).problems).toEqual([
      expect.objectContaining({
        kind: "job_failed",
        subject: "TransferFollowUp",
        since: "2026-11-03T09:05:00.000Z",
        title: "Une tâche automatique a échoué : la relance des virements non reçus",
      }),
    ]);
    fail = false;
    now = new Date("2026-11-03T10:05:00.000Z");
    await run();
    expect((await todo()).problems).toEqual([]);
  });

  it("records a mail that still fails after its tries, as the dead-letter alarm does on AWS", async () => {
    let calls = 0;
    let working = false;
    const send = retryingMail(
      ctx.deps,
      async () => {
        calls++;
        if (!working) throw new Error("SES: MessageRejected");
      },
      { delayMs: 1 },
    );
    const request = { kind: "low-stock", product_id: 1, requested_at: now.toISOString() } as const;
    await expect(send(request)).rejects.toThrow("MessageRejected");
    expect(calls).toBe(3);
    expect((await todo()).problems.map(({ kind, subject }) => `${kind}/${subject}`)).toEqual([
      "dead_letters/AccountMail",
    ]);
    working = true;
    now = new Date(now.getTime() + 60_000);
    await send(request);
    expect((await todo()).problems).toEqual([]);
  });
});

/**
 * Failures reach the owner (issue 27; docs/decisions/030-failures-reach-the-owner.md), checked on what `sst deploy`
 * would declare (SST's globals stubbed: sst-stubs.ts): the queues' dead-letter queues and their redrive counts, an
 * alarm on every function's errors, on every dead-letter queue, on a failed publish build and on SES's reputation,
 * all notifying one topic that e-mails SHOP_ALERT_EMAIL and runs the recorder of the to-do list; SES's bounces and
 * complaints published to the job that stops the mail; and the publish build's runtime and dependency cache.
 */
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/main/areas";
import { API_FAILURE_EVENT, apiFailureLine } from "../../functions/platform/api-failure-metric";
import { DEAD_LETTER_RETENTION_SECONDS } from "../../infra/dead-letters";
import {
  BOUNCE_RATE_ALARM,
  COMPLAINT_RATE_ALARM,
  MAIL_MAX_RECEIVES,
  PUBLISH_MAX_RECEIVES,
} from "../../infra/failure-policy";
import { PROBLEM_KINDS, problemOfAlarm } from "../../src/domain/admin/owner-problems";
import { PUBLISH_TIMEOUT_MS } from "../../src/domain/publishing/publishing";
import { devEnv, otherRights, queueNamed, resourcesOf, single } from "./recorded";
import { type Deployment, deepKnown, deploy, known, restoreSstStubs, sstWorkDir } from "./sst-stubs";

const root = resolve(import.meta.dirname, "../..");
const alertEnv = { ...devEnv, SHOP_ALERT_EMAIL: "alertes@example.fr" };

afterEach(restoreSstStubs);
afterAll(() => rmSync(sstWorkDir, { recursive: true, force: true }));

const topicOf = (deployment: Deployment, name: string) =>
  single(
    deployment.recording.topics.filter((topic) => topic.name === name),
    `${name} topic`,
  );
const alarms = (deployment: Deployment) =>
  resourcesOf(deployment, "aws:cloudwatch/metricAlarm:MetricAlarm").map(
    (alarm) => deepKnown(alarm.args) as aws.cloudwatch.MetricAlarmArgs & Record<string, unknown>,
  );
const seconds = (duration: string) =>
  Number.parseInt(duration, 10) * (/minute/.test(duration) ? 60 : /hour/.test(duration) ? 3600 : 1);

describe("dead-letter queues", () => {
  it("take a publish request after 15 receives: enough to wait out a whole publish, then 5 real failures", async () => {
    const deployment = await deploy("dev", devEnv);
    const queue = queueNamed(deployment, "SitePublish");
    const dead = queueNamed(deployment, "SitePublishDeadLetter");
    expect(deepKnown(queue.args?.dlq)).toEqual({
      queue: known(dead.instance.arn),
      retry: PUBLISH_MAX_RECEIVES,
    });
    const visibility = seconds(String(known(queue.args?.visibilityTimeout)));
    // A request handed back while a build runs (up to PUBLISH_TIMEOUT_MS) is not dead-lettered for that.
    expect(PUBLISH_MAX_RECEIVES * visibility * 1000).toBeGreaterThanOrEqual(
      PUBLISH_TIMEOUT_MS + 5 * visibility * 1000,
    );
  });

  it("take a mail after 5 failed tries (AWS's minimum for a Lambda subscriber), about 10 minutes", async () => {
    const deployment = await deploy("dev", devEnv);
    const queue = queueNamed(deployment, "AccountMail");
    const dead = queueNamed(deployment, "AccountMailDeadLetter");
    expect(MAIL_MAX_RECEIVES).toBe(5);
    expect(deepKnown(queue.args?.dlq)).toEqual({ queue: known(dead.instance.arn), retry: MAIL_MAX_RECEIVES });
    // Partial batch responses: only the failed mails come back and count a receive.
    const subscription = single(
      deployment.recording.subscriptions.filter(({ queue: name }) => name === "AccountMail"),
      "mail subscription",
    );
    expect(deepKnown(subscription.args?.batch)).toMatchObject({ partialResponses: true });
  });

  it("keep what failed two weeks, and nothing consumes them", async () => {
    const deployment = await deploy("dev", devEnv);
    for (const name of ["SitePublishDeadLetter", "AccountMailDeadLetter", "JobFailures"]) {
      expect(deepKnown(queueNamed(deployment, name).args?.transform), name).toEqual({
        queue: { messageRetentionSeconds: DEAD_LETTER_RETENTION_SECONDS },
      });
      expect(deployment.recording.subscriptions.map(({ queue }) => queue)).not.toContain(name);
    }
  });
});

describe("alarms", () => {
  it("watch the errors of every function of the shop, the queues' subscribers included", async () => {
    const deployment = await deploy("dev", devEnv);
    const errors = alarms(deployment).filter(({ metricName }) => metricName === "Errors");
    const watched = errors.map(({ dimensions }) => (dimensions as Record<string, string>).FunctionName);
    const functions = deployment.recording.functions.map(({ instance }) => known(instance.name));
    const subscribers = ["AccountMail", "SitePublish"].map(
      (queue) => `savon-shop-dev-${queue}SubscriberFunction`,
    );
    expect(watched.sort()).toEqual([...functions, ...subscribers].sort());
    for (const alarm of errors) {
      expect(alarm).toMatchObject({
        namespace: "AWS/Lambda",
        statistic: "Sum",
        period: 300,
        comparisonOperator: "GreaterThanOrEqualToThreshold",
        threshold: 1,
      });
    }
    // The jobs raise « une tâche a échoué », the others « une partie de la boutique renvoie des erreurs ».
    const kinds = errors.map(({ name }) => problemOfAlarm(String(name))?.kind);
    expect(kinds.filter((kind) => kind === "job_failed")).toHaveLength(deployment.recording.crons.length);
    expect(kinds.every((kind) => kind === "job_failed" || kind === "function_errors")).toBe(true);
  });

  it("watch every dead-letter queue (one message is too many), a failed publish build and SES's reputation", async () => {
    const deployment = await deploy("dev", devEnv);
    const all = alarms(deployment);
    const depths = all.filter(({ metricName }) => metricName === "ApproximateNumberOfMessagesVisible");
    expect(depths.map(({ dimensions }) => (dimensions as Record<string, string>).QueueName).sort()).toEqual(
      ["SitePublishDeadLetter", "AccountMailDeadLetter", "JobFailures"]
        .map((name) => `savon-shop-dev-${name}Queue`)
        .sort(),
    );
    for (const depth of depths)
      expect(depth).toMatchObject({
        namespace: "AWS/SQS",
        comparisonOperator: "GreaterThanThreshold",
        threshold: 0,
      });

    const project = single(resourcesOf(deployment, "aws:codebuild/project:Project"), "publish project");
    const failedBuilds = single(
      all.filter(({ metricName }) => metricName === "FailedBuilds"),
      "failed builds alarm",
    );
    expect(failedBuilds).toMatchObject({
      namespace: "AWS/CodeBuild",
      dimensions: { ProjectName: known(project.instance.name) },
      threshold: 1,
    });

    // AWS reviews an account at 5 % bounces and 0.1 % complaints; it may pause sending at 10 % and 0.5 %.
    expect([BOUNCE_RATE_ALARM, COMPLAINT_RATE_ALARM]).toEqual([0.05, 0.001]);
    expect(all.find(({ metricName }) => metricName === "Reputation.BounceRate")).toMatchObject({
      namespace: "AWS/SES",
      threshold: BOUNCE_RATE_ALARM,
      comparisonOperator: "GreaterThanOrEqualToThreshold",
    });
    expect(all.find(({ metricName }) => metricName === "Reputation.ComplaintRate")).toMatchObject({
      namespace: "AWS/SES",
      threshold: COMPLAINT_RATE_ALARM,
    });
  });

  it("count the API's unplanned 5xx answers from each API function's logs, and alarm on one in 5 minutes", async () => {
    const deployment = await deploy("dev", devEnv);
    const apiFunctions = deployment.recording.functions.filter(({ name }) => /^Api[A-Z]/.test(name));
    expect(apiFunctions).toHaveLength(apiAreas.length);
    const filters = resourcesOf(deployment, "aws:cloudwatch/logMetricFilter:LogMetricFilter").map(
      (filter) => deepKnown(filter.args) as Record<string, unknown>,
    );
    // One filter on each API function's own log group (SST's `/aws/lambda/<function name>`).
    expect(filters.map(({ logGroupName }) => logGroupName).sort()).toEqual(
      apiFunctions.map(({ instance }) => `/aws/lambda/${known(instance.name)}`).sort(),
    );
    for (const filter of filters) {
      expect(filter).toEqual({
        logGroupName: expect.any(String),
        pattern: `{ $.event = "${API_FAILURE_EVENT}" }`,
        // 0 for every other log event: the metric has data whenever the function runs, as Lambda's Errors.
        metricTransformation: {
          namespace: "savon-shop-dev",
          name: "ApiUnplannedServerErrors",
          value: "1",
          defaultValue: "0",
          unit: "Count",
        },
      });
    }
    // The pattern reads the field handleError writes.
    expect(JSON.parse(apiFailureLine(500, "INTERNAL"))).toMatchObject({ event: API_FAILURE_EVENT });

    const alarm = single(
      alarms(deployment).filter(({ metricName }) => metricName === "ApiUnplannedServerErrors"),
      "API 5xx alarm",
    );
    expect(alarm).toMatchObject({
      name: "savon-shop-dev--function_errors--Api-5xx",
      namespace: "savon-shop-dev",
      statistic: "Sum",
      period: 300,
      comparisonOperator: "GreaterThanOrEqualToThreshold",
      threshold: 1,
    });
    expect(alarm.dimensions).toBeUndefined();
    // Raised and cleared in the owner's to-do list as « Une partie de la boutique renvoie des erreurs ».
    expect(problemOfAlarm(String(alarm.name))).toEqual({ kind: "function_errors", subject: "Api-5xx" });
  });

  it("all notify the alert topic on ALARM and on OK, keep their state without data, and name their problem", async () => {
    const deployment = await deploy("dev", devEnv);
    const topic = known(topicOf(deployment, "ShopAlerts").instance.arn);
    const all = alarms(deployment);
    expect(all.length).toBeGreaterThan(20);
    const names = new Set<string>();
    for (const alarm of all) {
      const name = String(alarm.name);
      expect(names.has(name), name).toBe(false);
      names.add(name);
      expect(alarm.alarmActions, name).toEqual([topic]);
      expect(alarm.okActions, name).toEqual([topic]);
      expect(alarm.treatMissingData, name).toBe("ignore");
      expect(alarm.evaluationPeriods, name).toBe(1);
      const problem = problemOfAlarm(name);
      expect(problem && PROBLEM_KINDS.includes(problem.kind), name).toBe(true);
      expect(name.startsWith("savon-shop-dev--"), name).toBe(true);
    }
  });

  it("e-mail SHOP_ALERT_EMAIL when it is set, and only the to-do list otherwise", async () => {
    const withAddress = await deploy("dev", alertEnv);
    const subscription = single(
      resourcesOf(withAddress, "aws:sns/topicSubscription:TopicSubscription"),
      "e-mail subscription",
    );
    expect(deepKnown(subscription.args)).toEqual({
      topic: known(topicOf(withAddress, "ShopAlerts").instance.arn),
      protocol: "email",
      endpoint: "alertes@example.fr",
    });
    restoreSstStubs();
    const without = await deploy("dev", devEnv);
    expect(resourcesOf(without, "aws:sns/topicSubscription:TopicSubscription")).toEqual([]);
    restoreSstStubs();
    await expect(deploy("dev", { ...devEnv, SHOP_ALERT_EMAIL: "pas-une-adresse" })).rejects.toThrow(
      /SHOP_ALERT_EMAIL/,
    );
  });

  it("run the recorders of the to-do list and of refused addresses, which only write the table", async () => {
    const deployment = await deploy("dev", devEnv);
    const table = single(deployment.recording.tables, "table");
    const recorders = { ShopAlerts: "ShopAlarmRecorder", MailFeedback: "MailFeedbackRecorder" };
    for (const [topic, recorder] of Object.entries(recorders)) {
      const fn = single(
        deployment.recording.functions.filter(({ name }) => name === recorder),
        `${recorder} function`,
      );
      const subscription = single(
        deployment.recording.topicSubscriptions.filter((recorded) => recorded.topic === topic),
        `${topic} subscription`,
      );
      expect(known(subscription.subscriber)).toBe(known(fn.instance.arn));
      const args = deepKnown(fn.args) as sst.aws.FunctionArgs;
      expect(existsSync(resolve(root, String(args.handler).replace(/\.handler$/, ".ts")))).toBe(true);
      expect(args.link).toBeUndefined();
      expect(args.environment).toEqual({ TABLE_NAME: "savon-shop-dev-TableTable" });
      // Its items written (least-privilege.test.ts), no mail; SNS invokes it asynchronously: Lambda's retries, then
      // JobFailures, and nothing else.
      expect(JSON.stringify(args.permissions)).toContain(String(known(table.instance.arn)));
      expect(JSON.stringify(args.permissions)).not.toContain("ses:");
      expect(otherRights(args.permissions)).toEqual([
        { actions: ["sqs:SendMessage"], resources: [expect.stringMatching(/JobFailuresQueue$/)] },
      ]);
      expect(args.retries).toBe(2);
    }
  });
});

describe("SES's bounces and complaints", () => {
  it("are published by the identity's configuration set to the MailFeedback topic, which only SES may publish to", async () => {
    const deployment = await deploy("dev", devEnv);
    const email = single(deployment.recording.emails, "e-mail identity");
    const topic = topicOf(deployment, "MailFeedback");
    expect(deepKnown(email.args.events)).toEqual([
      { name: "BounceComplaint", types: ["bounce", "complaint"], topic: known(topic.instance.arn) },
    ]);
    const policy = single(resourcesOf(deployment, "aws:sns/topicPolicy:TopicPolicy"), "topic policy");
    const configSet = (email.instance as { nodes: { configurationSet: { arn: $util.Output<string> } } }).nodes
      .configurationSet.arn;
    expect(deepKnown(policy.args)).toEqual({
      arn: known(topic.instance.arn),
      policy: {
        Version: "2012-10-17",
        Statement: [
          {
            Effect: "Allow",
            Principal: { Service: "ses.amazonaws.com" },
            Action: "sns:Publish",
            Resource: known(topic.instance.arn),
            Condition: { StringEquals: { "AWS:SourceArn": known(configSet) } },
          },
        ],
      },
    });
  });
});

describe("the publish build", () => {
  it("runs on a machine CodeBuild has in eu-west-3, with an image and Node runtime the AWS page lists", async () => {
    const deployment = await deploy("dev", devEnv);
    expect((deployment.app.providers as { aws: { region: string } }).aws.region).toBe("eu-west-3");
    const project = single(resourcesOf(deployment, "aws:codebuild/project:Project"), "publish project");
    // ProjectEnvironment.type: ARM_CONTAINER is not offered in Europe (Paris); LINUX_CONTAINER small is everywhere.
    expect(deepKnown(project.args.environment)).toMatchObject({
      type: "LINUX_CONTAINER",
      computeType: "BUILD_GENERAL1_SMALL",
      image: "aws/codebuild/amazonlinux-x86_64-standard:5.0",
    });
    // "Available runtimes": nodejs 22 on Amazon Linux 2023 x86_64 standard:5.0.
    const buildspec = (deepKnown(project.args.source) as { buildspec: string }).buildspec;
    expect(buildspec).toContain("  install:\n    runtime-versions:\n      nodejs: 22\n");
  });

  it("keeps npm's cache between builds in S3, in the private source bucket, which the build may read and write", async () => {
    const deployment = await deploy("dev", devEnv);
    const project = single(resourcesOf(deployment, "aws:codebuild/project:Project"), "publish project");
    const source = single(
      deployment.recording.buckets.filter(({ name }) => name === "SitePublishSource"),
      "source bucket",
    );
    expect(deepKnown(project.args.cache)).toEqual({
      type: "S3",
      location: `${known(source.instance.name)}/build-cache`,
    });
    const buildspec = (deepKnown(project.args.source) as { buildspec: string }).buildspec;
    expect(buildspec.endsWith("cache:\n  paths:\n    - '/root/.npm/**/*'\n")).toBe(true);
    const policy = single(
      resourcesOf(deployment, "aws:iam/rolePolicy:RolePolicy").filter(
        ({ name }) => name === "SitePublishBuildPolicy",
      ),
      "build policy",
    );
    expect((deepKnown(policy.args.policy) as { Statement: unknown[] }).Statement).toContainEqual({
      Effect: "Allow",
      Action: ["s3:GetObject", "s3:PutObject"],
      Resource: `${known(source.instance.arn)}/build-cache/*`,
    });
  });
});

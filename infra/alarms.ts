import { API_FAILURE_EVENT } from "../functions/platform/api-failure-metric";
import { alarmName, type ProblemKind } from "../src/domain/admin/owner-problems";
import { accountMailSubscriber } from "./account-mail";
import { accountMailDeadLetters } from "./account-mail-queue";
import { apiFunctions, functionArgs, functionName } from "./api";
import { mailFeedbackTopic } from "./email";
import { BOUNCE_RATE_ALARM, COMPLAINT_RATE_ALARM } from "./failure-policy";
import { asyncFailuresArgs, jobFailures, scheduledJobs } from "./jobs";
import { publishProject, publishResult, publishSubscriber } from "./publish";
import { publishDeadLetters } from "./publish-queue";
import { alertEmail } from "./stage";
import { table, tablePermissions } from "./storage";

/**
 * Failures reach the owner (why this shape: docs/decisions/030-failures-reach-the-owner.md): every alarm notifies one
 * topic, which e-mails SHOP_ALERT_EMAIL and puts the problem on the owner's to-do list until the alarm is OK.
 * Missing data keeps the alarm's state: Lambda, SQS and CodeBuild publish only when something happens, so a failure
 * stays a problem until a run succeeds or the queue is emptied, instead of clearing itself five minutes later.
 */

export const alertTopic = new sst.aws.SnsTopic("ShopAlerts");

/** Nothing is delivered before the owner confirms the link SNS mails. */
if (alertEmail) {
  new aws.sns.TopicSubscription("ShopAlertsEmail", {
    topic: alertTopic.arn,
    protocol: "email",
    endpoint: alertEmail,
  });
}

function recorderArgs(handler: string, description: string): sst.aws.FunctionArgs {
  return asyncFailuresArgs(
    {
      ...functionArgs(handler, description),
      environment: { TABLE_NAME: table.name },
      permissions: tablePermissions("write"),
    },
    3600,
  );
}

export const alarmRecorder = new sst.aws.Function(
  "ShopAlarmRecorder",
  recorderArgs("functions/main/jobs/shop-alarm.handler", "Records alarms in the owner's to-do list"),
);
alertTopic.subscribe("Recorder", alarmRecorder.arn);

export const mailFeedbackRecorder = new sst.aws.Function(
  "MailFeedbackRecorder",
  recorderArgs(
    "functions/main/jobs/mail-feedback.handler",
    "Records the addresses SES bounced or that complained",
  ),
);
mailFeedbackTopic.subscribe("Recorder", mailFeedbackRecorder.arn);

const prefix = `${$app.name}-${$app.stage}`;

function alarm(
  kind: ProblemKind,
  subject: string,
  description: string,
  metric: {
    namespace: string;
    metricName: string;
    dimensions?: Record<string, $util.Input<string>>;
    statistic: "Sum" | "Maximum";
    period: number;
    comparisonOperator: "GreaterThanOrEqualToThreshold" | "GreaterThanThreshold";
    threshold: number;
  },
): aws.cloudwatch.MetricAlarm {
  const name = alarmName(prefix, kind, subject);
  return new aws.cloudwatch.MetricAlarm(`Alarm-${kind}-${subject}`, {
    name,
    alarmDescription: description,
    ...metric,
    evaluationPeriods: 1,
    treatMissingData: "ignore",
    alarmActions: [alertTopic.arn],
    okActions: [alertTopic.arn],
  });
}

/** One error in 5 minutes is an alarm: a shop's traffic is small, every error is someone's. */
function errorsAlarm(kind: ProblemKind, subject: string, fnName: $util.Input<string>, what: string) {
  return alarm(kind, subject, `Erreurs de ${what}`, {
    namespace: "AWS/Lambda",
    metricName: "Errors",
    dimensions: { FunctionName: fnName },
    statistic: "Sum",
    period: 300,
    comparisonOperator: "GreaterThanOrEqualToThreshold",
    threshold: 1,
  });
}

const subscriberName = (subscriber: $util.Output<unknown>) =>
  subscriber.apply((value) =>
    (value as { nodes: { function: $util.Output<{ name: $util.Output<string> }> } }).nodes.function.apply(
      (fn) => fn.name,
    ),
  );

export const errorAlarms = [
  ...apiFunctions.map(({ area, fn }) =>
    errorsAlarm("function_errors", functionName(area.name), fn.name, `l'API ${area.mounts.join(" ")}`),
  ),
  ...scheduledJobs.map(({ name, fn }) => errorsAlarm("job_failed", name, fn.name, `la tâche ${name}`)),
  errorsAlarm(
    "function_errors",
    "AccountMailSubscriber",
    subscriberName(accountMailSubscriber),
    "l'envoi des e-mails",
  ),
  errorsAlarm(
    "function_errors",
    "SitePublishSubscriber",
    subscriberName(publishSubscriber),
    "la publication",
  ),
  errorsAlarm("function_errors", "SitePublishResult", publishResult.name, "la fin de publication"),
  errorsAlarm("function_errors", "ShopAlarmRecorder", alarmRecorder.name, "l'enregistrement des alertes"),
  errorsAlarm(
    "function_errors",
    "MailFeedbackRecorder",
    mailFeedbackRecorder.name,
    "l'enregistrement des rebonds",
  ),
];

/**
 * Unplanned 5xx answers: Lambda counts them as successful invocations, so the Errors alarms never see them. A metric
 * filter counts the JSON line handleError writes, and 0 for other log events, so the alarm returns to OK with the next
 * clean period. One metric for the whole API, one custom metric to pay for (docs/decisions/052).
 */
export const API_FAILURE_METRIC = { namespace: prefix, name: "ApiUnplannedServerErrors" } as const;
export const apiFailureFilters = apiFunctions.map(
  ({ area, fn }) =>
    new aws.cloudwatch.LogMetricFilter(`ApiFailures${functionName(area.name)}`, {
      logGroupName: fn.nodes.logGroup.apply((group) => {
        if (!group) throw new Error(`${functionName(area.name)} has no log group of its own`);
        return group.name;
      }),
      // A JSON pattern matches only the JSON object itself, not a console line around it.
      pattern: `{ $.event = "${API_FAILURE_EVENT}" }`,
      metricTransformation: {
        namespace: API_FAILURE_METRIC.namespace,
        name: API_FAILURE_METRIC.name,
        value: "1",
        defaultValue: "0",
        unit: "Count",
      },
    }),
);
export const apiFailureAlarm = alarm("function_errors", "Api-5xx", "Réponses 5xx imprévues de l'API", {
  namespace: API_FAILURE_METRIC.namespace,
  metricName: API_FAILURE_METRIC.name,
  statistic: "Sum",
  period: 300,
  comparisonOperator: "GreaterThanOrEqualToThreshold",
  threshold: 1,
});

const queueName = (queue: sst.aws.Queue) => queue.arn.apply((arn) => arn.split(":").pop() ?? arn);

export const deadLetterAlarms = [
  { subject: "AccountMail", queue: accountMailDeadLetters },
  { subject: "SitePublish", queue: publishDeadLetters },
  { subject: "JobFailures", queue: jobFailures },
].map(({ subject, queue }) =>
  alarm("dead_letters", subject, `Messages abandonnés (${subject})`, {
    namespace: "AWS/SQS",
    metricName: "ApproximateNumberOfMessagesVisible",
    dimensions: { QueueName: queueName(queue) },
    statistic: "Maximum",
    period: 300,
    comparisonOperator: "GreaterThanThreshold",
    threshold: 0,
  }),
);

export const publishFailedAlarm = alarm("publish_failed", "SitePublishBuild", "Publication du site échouée", {
  namespace: "AWS/CodeBuild",
  metricName: "FailedBuilds",
  dimensions: { ProjectName: publishProject.name },
  statistic: "Sum",
  period: 300,
  comparisonOperator: "GreaterThanOrEqualToThreshold",
  threshold: 1,
});

export const reputationAlarms = [
  alarm("mail_bounce_rate", "SES", "Taux de rebond SES", {
    namespace: "AWS/SES",
    metricName: "Reputation.BounceRate",
    statistic: "Maximum",
    period: 3600,
    comparisonOperator: "GreaterThanOrEqualToThreshold",
    threshold: BOUNCE_RATE_ALARM,
  }),
  alarm("mail_complaint_rate", "SES", "Taux de plaintes SES", {
    namespace: "AWS/SES",
    metricName: "Reputation.ComplaintRate",
    statistic: "Maximum",
    period: 3600,
    comparisonOperator: "GreaterThanOrEqualToThreshold",
    threshold: COMPLAINT_RATE_ALARM,
  }),
];

/**
 * The publishing queue (why: docs/decisions/012-publishing.md). Every function that can change what the
 * prebuilt pages print (the API, the scheduled PayPal jobs, through `functionArgs` in api.ts) sends one message per
 * change; infra/publish.ts subscribes the publish job to it. Declared apart from publish.ts because the API functions
 * need it before the site and Router exist, and publish.ts needs those.
 */

import { deadLetterQueue } from "./dead-letters";
import { PUBLISH_MAX_RECEIVES } from "./failure-policy";

/** The environment variable the functions read the queue's URL from (functions/platform/deps-from-env.ts). */
export const publishQueueUrlVariable = "SITE_PUBLISH_QUEUE_URL";

/** Where publish requests go after PUBLISH_MAX_RECEIVES receives (the "SitePublish" dead-letter queue). */
export const publishDeadLetters = deadLetterQueue("SitePublishDeadLetter");

/**
 * A standard queue. A message that finds a publish running comes back after the visibility timeout and asks again:
 * 2 minutes is 6 times the subscriber's 20 seconds (AWS's advice for Lambda event sources) and about half a publish.
 */
export const publishQueue = new sst.aws.Queue("SitePublish", {
  visibilityTimeout: "2 minutes",
  dlq: { queue: publishDeadLetters.arn, retry: PUBLISH_MAX_RECEIVES },
});

/**
 * Sending only. Not `link`: linking a Queue grants `sqs:*` on it (receive, delete, purge), which the API must not
 * have.
 */
export const sendPublishRequests: sst.aws.FunctionPermissionArgs = {
  actions: ["sqs:SendMessage"],
  resources: [publishQueue.arn],
};

/**
 * The publishing queue (why: docs/decisions/012-publishing.md): every function that can change what the prebuilt
 * pages print sends one message per change. Apart from publish.ts because the API functions need it before the site
 * and Router exist.
 */

import { deadLetterQueue } from "./dead-letters";
import { PUBLISH_MAX_RECEIVES } from "./failure-policy";

export const publishQueueUrlVariable = "SITE_PUBLISH_QUEUE_URL";

export const publishDeadLetters = deadLetterQueue("SitePublishDeadLetter");

/** A message that finds a publish running asks again after 2 minutes: 6 times the subscriber's 20 seconds (AWS's advice). */
export const publishQueue = new sst.aws.Queue("SitePublish", {
  visibilityTimeout: "2 minutes",
  dlq: { queue: publishDeadLetters.arn, retry: PUBLISH_MAX_RECEIVES },
});

/** Sending only: linking a Queue would grant `sqs:*`, purge included. */
export const sendPublishRequests: sst.aws.FunctionPermissionArgs = {
  actions: ["sqs:SendMessage"],
  resources: [publishQueue.arn],
};

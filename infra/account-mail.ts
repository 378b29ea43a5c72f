import { accountMailQueue } from "./account-mail-queue";
import { functionArgs } from "./api";
import { mailFrom, sendMail } from "./email";
import { QUEUE_MAX_CONCURRENCY } from "./failure-policy";
import { siteUrl } from "./stage";
import { table, tablePermissions } from "./storage";

/**
 * The account mail job (functions/main/jobs/account-mail.ts), as the local server does in-process. It publishes
 * nothing; SST's subscription gives it its rights on the queue.
 */
export const accountMailSubscriberArgs: sst.aws.FunctionArgs = {
  ...functionArgs(
    "functions/main/jobs/account-mail.handler",
    "Sends the mails handed over after the answer: password resets, order confirmations, stock alerts, the waitlist",
  ),
  permissions: [...tablePermissions("write"), sendMail],
  environment: {
    TABLE_NAME: table.name,
    MAIL_FROM: mailFrom,
    ...(siteUrl ? { SITE_URL: siteUrl } : {}),
  },
};

/**
 * The subscription: partial batch responses, so only the failed mails come back, and after MAIL_MAX_RECEIVES tries
 * they go to the queue's dead-letter queue (account-mail-queue.ts). Its function is alarmed on (infra/alarms.ts).
 */
export const accountMailSubscriber = accountMailQueue.subscribe(accountMailSubscriberArgs, {
  batch: { size: 10, partialResponses: true },
  // 2 invocations at most, sending one mail at a time: near SES's sandbox rate of 1 a second (failure-policy.ts).
  transform: { eventSourceMapping: { scalingConfig: { maximumConcurrency: QUEUE_MAX_CONCURRENCY } } },
});

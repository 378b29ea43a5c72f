import { accountMailQueue } from "./account-mail-queue";
import { functionArgs } from "./api";
import { mailFrom, sendMail } from "./email";
import { QUEUE_MAX_CONCURRENCY } from "./failure-policy";
import { siteUrl } from "./stage";
import { table, tablePermissions } from "./storage";

/**
 * The account mail job (functions/main/jobs/account-mail.ts): for each forgot-password request the accounts function
 * queued (account-mail-queue.ts), it looks the account up, writes the reset token and sends the mail; for each
 * order the orders function queued, it sends the order's confirmation; as the local server does in-process. The API's runtime and table and mail identity (functionArgs); its own environment and
 * rights: it publishes nothing. SST's subscription gives it what it needs on the queue (receive, delete, change
 * visibility). Partial batch responses: only the messages whose mail failed come back.
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

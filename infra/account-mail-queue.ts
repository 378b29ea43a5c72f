/**
 * The account mail queue (why: docs/decisions/011-abuse-limits.md, "Forgot password answers in the same time"):
 * forgot password answers at once, known e-mail or not, and a bank-transfer order does not wait for SES. Apart from
 * account-mail.ts because the API functions need it and its subscriber needs api.ts' functionArgs.
 */

import { deadLetterQueue } from "./dead-letters";
import { MAIL_MAX_RECEIVES } from "./failure-policy";

export const accountMailQueueUrlVariable = "ACCOUNT_MAIL_QUEUE_URL";

/** The API mounts whose functions send to the queue. */
export const accountMailSenderMounts: readonly string[] = [
  "/api/auth",
  "/api/orders",
  "/api/guest/personal-data",
];

/** Mounts that hand over stock mails (decision record 026): low stock, waitlist, restocks. */
export const stockMailSenderMounts = ["/api/orders", "/api/paypal-payment", "/api/admin"];

export const accountMailDeadLetters = deadLetterQueue("AccountMailDeadLetter");

/** A failed mail comes back after 2 minutes: 6 times the subscriber's 20 seconds, AWS's advice for Lambda. */
export const accountMailQueue = new sst.aws.Queue("AccountMail", {
  visibilityTimeout: "2 minutes",
  dlq: { queue: accountMailDeadLetters.arn, retry: MAIL_MAX_RECEIVES },
});

/** Sending only: linking a Queue would grant `sqs:*`, purge included. */
export const sendAccountMailRequests: sst.aws.FunctionPermissionArgs = {
  actions: ["sqs:SendMessage"],
  resources: [accountMailQueue.arn],
};

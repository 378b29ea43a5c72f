/**
 * The account mail queue (why: docs/decisions/011-abuse-limits.md, "Forgot password answers in
 * the same time"). The accounts function sends "a reset was asked for <e-mail>" to it for every accepted forgot-
 * password request, known e-mail or not, and answers; the orders function sends "confirm order <id>" for each
 * bank-transfer order placed (the order answers without waiting for SES, a failed mail comes back).
 * infra/account-mail.ts subscribes the job that sends the mails. Declared apart from account-mail.ts because the API functions (api.ts) need it, and
 * the subscriber needs api.ts' functionArgs.
 */

import { deadLetterQueue } from "./dead-letters";
import { MAIL_MAX_RECEIVES } from "./failure-policy";

/** The environment variable the accounts function reads the queue's URL from (functions/platform/deps-from-env.ts). */
export const accountMailQueueUrlVariable = "ACCOUNT_MAIL_QUEUE_URL";

/**
 * The API mounts whose functions send to the queue: forgot password (functions/accounts/routes.ts), the
 * bank-transfer order (functions/orders/routes.ts) and a guest's « Mes données » link
 * (functions/accounts/guest-data/routes.ts).
 */
export const accountMailSenderMounts: readonly string[] = [
  "/api/auth",
  "/api/orders",
  "/api/guest/personal-data",
];

/**
 * The other mounts whose functions hand mails over (decision record 026): orders that bring a product to its
 * low-stock threshold and waitlist sign-ups (orders, payments), restocks and the owner's stock changes (admin).
 */
export const stockMailSenderMounts = ["/api/orders", "/api/paypal-payment", "/api/admin"];

/** Where a mail goes after MAIL_MAX_RECEIVES failed attempts (the "AccountMail" dead-letter queue). */
export const accountMailDeadLetters = deadLetterQueue("AccountMailDeadLetter");

/**
 * A standard queue. A message whose mail failed (DynamoDB, SES) comes back after the visibility timeout: 2 minutes is
 * 6 times the subscriber's 20 seconds, AWS's advice for Lambda event sources.
 */
export const accountMailQueue = new sst.aws.Queue("AccountMail", {
  visibilityTimeout: "2 minutes",
  dlq: { queue: accountMailDeadLetters.arn, retry: MAIL_MAX_RECEIVES },
});

/**
 * Sending only. Not `link`: linking a Queue grants `sqs:*` on it (receive, delete, purge), which the API must not
 * have.
 */
export const sendAccountMailRequests: sst.aws.FunctionPermissionArgs = {
  actions: ["sqs:SendMessage"],
  resources: [accountMailQueue.arn],
};

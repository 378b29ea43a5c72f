/**
 * How many tries before a failure is given up and reaches the owner (docs/decisions/030-failures-reach-the-owner.md).
 * Pure numbers, no SST globals, so the infra tests can read them.
 */

/**
 * How many times a publish request is received before SQS moves it to the dead-letter queue (the redrive policy's
 * maxReceiveCount). A request is received again not only when the publish job failed but also each time it found a
 * build running (publish-site.ts hands it back, partial batch response): a build may run 15 minutes plus 5 queued
 * (publish.ts), so up to 10 receives at one every 2 minutes (the visibility timeout) are normal waiting. 15 covers
 * that and leaves 5 real failures (about 10 minutes of a CodeBuild or DynamoDB outage) before a request is given up.
 * AWS ("Using Lambda with Amazon SQS", error handling) asks for at least 5 with a Lambda subscriber.
 */
export const PUBLISH_MAX_RECEIVES = 15;

/**
 * How many times a mail request is received before SQS moves it to the dead-letter queue (maxReceiveCount). The
 * subscriber hands back only the requests whose mail failed (partial batch responses), so every receive after the
 * first is a failure: 5 tries over about 10 minutes (one every 2 minutes, the visibility timeout) ride out a DynamoDB
 * or SES hiccup, and a mail that still fails (SES refusing the message, the account in the SES sandbox) waits in the
 * dead-letter queue, which alarms, instead of being retried for the 4 days SQS keeps it. 5 is also AWS's minimum
 * advice for a Lambda subscriber ("Using Lambda with Amazon SQS"). An order confirmation is owed: once the cause is
 * fixed, a redrive sends it (README, "When something fails").
 */
export const MAIL_MAX_RECEIVES = 5;

/**
 * SES's reputation alarms (infra/alarms.ts): AWS reviews an account at a 5 % bounce rate and may pause its sending at
 * 10 %; for complaints, 0.1 % and 0.5 % (SES developer guide, "Sending review process FAQs"). The alarms fire at the
 * review levels: the owner hears it when AWS does, with room before sending stops.
 */
export const BOUNCE_RATE_ALARM = 0.05;
export const COMPLAINT_RATE_ALARM = 0.001;

/**
 * The most concurrent invocations each queue's subscriber gets (its event source's `scalingConfig.maximumConcurrency`;
 * Lambda accepts 2 to 1000). The mail subscriber sends its batch's mails one after another, so at most 2 SES sends
 * are in flight. SES's sandbox allows 1 message a second (production access raises it): a send SES throttles fails,
 * and only that mail comes back (partial batch response) and is tried again, up to MAIL_MAX_RECEIVES times. The
 * publish subscriber starts at most one build anyway (the project allows one at a time).
 */
export const QUEUE_MAX_CONCURRENCY = 2;

/** SES's sending rate in the sandbox, messages a second (SES developer guide, "Service quotas"). */
export const SES_SANDBOX_RATE_PER_SECOND = 1;

/** How many tries before a failure reaches the owner (docs/decisions/030). Pure numbers, for the infra tests. */

/**
 * Receives of a publish request before SQS dead-letters it. A request also comes back each time it finds a build
 * running: a build may take 15 minutes plus 5 queued, so about 10 receives (one per 2-minute visibility timeout) are
 * normal waiting; 15 leaves 5 real failures. AWS asks for at least 5 with a Lambda subscriber.
 */
export const PUBLISH_MAX_RECEIVES = 15;

/**
 * Receives of a mail request before SQS dead-letters it. Only failed mails come back, so 5 tries over about 10
 * minutes ride out a hiccup; a mail that still fails waits in the alarmed dead-letter queue rather than being retried
 * for the 4 days SQS keeps it, and a redrive sends it once fixed (README, "When something fails").
 */
export const MAIL_MAX_RECEIVES = 5;

/**
 * AWS reviews an SES account at a 5 % bounce rate and may pause it at 10 %; for complaints 0.1 % and 0.5 % ("Sending
 * review process FAQs"). The alarms fire at the review levels, with room before sending stops.
 */
export const BOUNCE_RATE_ALARM = 0.05;
export const COMPLAINT_RATE_ALARM = 0.001;

/**
 * The most concurrent invocations of each queue's subscriber (Lambda accepts 2 to 1000). The mail subscriber sends
 * one mail after another, so at most 2 SES sends are in flight against the sandbox's 1 a second; a throttled mail
 * alone comes back. The publish subscriber starts at most one build anyway.
 */
export const QUEUE_MAX_CONCURRENCY = 2;

/** SES's sending rate in the sandbox, messages a second (SES developer guide, "Service quotas"). */
export const SES_SANDBOX_RATE_PER_SECOND = 1;

/** How many tries before a failure reaches the owner (docs/decisions/030). Pure numbers, for the infra tests. */

/**
 * A request also comes back while a build runs (up to 20 minutes, about 10 receives): 15 leaves 5 real failures.
 * AWS asks for at least 5 with a Lambda subscriber.
 */
export const PUBLISH_MAX_RECEIVES = 15;

/** A mail still failing after ~10 minutes waits in the alarmed dead-letter queue for a redrive (README). */
export const MAIL_MAX_RECEIVES = 5;

/** AWS reviews an SES account at 5 % bounces and 0.1 % complaints ("Sending review process FAQs"). */
export const BOUNCE_RATE_ALARM = 0.05;
export const COMPLAINT_RATE_ALARM = 0.001;

/** Lambda accepts 2 to 1000; 2 keeps the mail subscriber near the sandbox's 1 send a second. */
export const QUEUE_MAX_CONCURRENCY = 2;

/** SES developer guide, "Service quotas". */
export const SES_SANDBOX_RATE_PER_SECOND = 1;

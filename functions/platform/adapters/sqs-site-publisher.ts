import type { SitePublisher } from "./site-publisher";
import { backgroundSqsSender, type SendSqsMessage } from "./sqs-background";

export type { SendSqsMessage };

/** What a publish request carries (the subscriber reads the facts from the table; this is for the logs). */
export interface PublishRequestMessage {
  reason: string;
  requested_at: string;
}

/**
 * On AWS: each request is one message to the publishing queue (infra/publish-queue.ts), whose subscriber waits for
 * the messages of the next ~20 seconds and starts one build for all of them (functions/site/jobs/publish-site.ts).
 * `request` never throws and never makes the API wait for SQS (sqs-background.ts); a failure is logged (the edit is
 * saved and the site marked stale either way; the next edit, or the admin's retry, asks again).
 */
export function sqsSitePublisher(
  queueUrl: string,
  options: { send?: SendSqsMessage; clock?: () => Date; log?: Pick<Console, "error"> } = {},
): SitePublisher {
  const clock = options.clock ?? (() => new Date());
  const sender = backgroundSqsSender(queueUrl, options);
  return {
    request(reason) {
      const body: PublishRequestMessage = { reason, requested_at: clock().toISOString() };
      sender.send(body, `Site publish request (${reason})`);
    },
    flush: () => sender.flush(),
  };
}

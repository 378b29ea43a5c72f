import type { SitePublisher } from "./site-publisher";
import { backgroundSqsSender, type SendSqsMessage } from "./sqs-background";

export type { SendSqsMessage };

/** What a publish request carries (the subscriber reads the facts from the table; this is for the logs). */
export interface PublishRequestMessage {
  reason: string;
  requested_at: string;
}

/** A failed send is only logged: the site is marked stale either way, and the next edit asks again. */
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

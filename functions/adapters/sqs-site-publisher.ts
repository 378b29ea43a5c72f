import type { SendMessageCommand } from "@aws-sdk/client-sqs";
import type { SitePublisher } from "./site-publisher";

/** What the publisher needs of an SQS client: `SQSClient.send` for one SendMessage (injected in tests). */
export type SendSqsMessage = (command: SendMessageCommand) => Promise<unknown>;

/** What a publish request carries (the subscriber reads the facts from the table; this is for the logs). */
export interface PublishRequestMessage {
  reason: string;
  requested_at: string;
}

/**
 * On AWS: each request is one message to the publishing queue (infra/publish-queue.ts), whose subscriber waits for
 * the messages of the next ~20 seconds and starts one build for all of them (functions/jobs/publish-site.ts).
 * `request` never throws and never makes the API wait for SQS: the send runs in the background, a failure is logged
 * (the edit is saved and the site marked stale either way; the next edit, or the admin's retry, asks again).
 * Lambdas await `flush()` before returning so a frozen runtime does not hold the message (functions/api/deps.ts).
 */
export function sqsSitePublisher(
  queueUrl: string,
  options: { send?: SendSqsMessage; clock?: () => Date; log?: Pick<Console, "error"> } = {},
): SitePublisher {
  const log = options.log ?? console;
  const clock = options.clock ?? (() => new Date());
  let send = options.send;
  const inFlight = new Set<Promise<void>>();

  return {
    request(reason) {
      const sending = (async () => {
        try {
          // Loaded on the first request: most invocations never publish. The Lambda runtime provides the SDK.
          const { SQSClient, SendMessageCommand } = await import("@aws-sdk/client-sqs");
          if (!send) {
            const client = new SQSClient({});
            send = (command) => client.send(command);
          }
          const body: PublishRequestMessage = { reason, requested_at: clock().toISOString() };
          await send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(body) }));
        } catch (error) {
          log.error(`Site publish request not sent to SQS (${reason}):`, error);
        }
      })();
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
    },
    async flush() {
      await Promise.allSettled([...inFlight]);
    },
  };
}

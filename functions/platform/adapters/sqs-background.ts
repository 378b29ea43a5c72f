import type { SendMessageCommand } from "@aws-sdk/client-sqs";

export type SendSqsMessage = (command: SendMessageCommand) => Promise<unknown>;

export interface BackgroundSqsSender {
  /** Starts sending one message; never throws, never waits. A failure is logged with `describe`'s words. */
  send(body: unknown, describe: string): void;
  flush(): Promise<void>;
}

/**
 * The API answers without waiting for SQS; the Lambda awaits `flush()` since the runtime freezes as soon as it
 * returns. The SDK is loaded on the first message: most invocations send none.
 */
export function backgroundSqsSender(
  queueUrl: string,
  options: { send?: SendSqsMessage; log?: Pick<Console, "error"> } = {},
): BackgroundSqsSender {
  const log = options.log ?? console;
  let send = options.send;
  const inFlight = new Set<Promise<void>>();
  return {
    send(body, describe) {
      const sending = (async () => {
        try {
          const { SQSClient, SendMessageCommand } = await import("@aws-sdk/client-sqs");
          if (!send) {
            const client = new SQSClient({});
            send = (command) => client.send(command);
          }
          await send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(body) }));
        } catch (error) {
          log.error(`${describe} not sent to SQS:`, error);
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

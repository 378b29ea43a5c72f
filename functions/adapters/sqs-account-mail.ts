import type { AccountMailQueue } from "./account-mail-queue";
import type { SendSqsMessage } from "./sqs-site-publisher";

/**
 * On AWS: each request is one message to the account mail queue (infra/account-mail.ts), whose subscriber looks the
 * account up, writes the token and sends the mail (functions/jobs/account-mail.ts). The send runs in the background
 * of the request, so the answer never waits for more than the route's own work; the Lambda awaits `flush()` before
 * it returns (settlingBackgroundSends in functions/api/deps.ts), since the runtime freezes as soon as it returns.
 * A failed send is logged: that person gets no mail and may ask again, as with a lost mail.
 */
export function sqsAccountMail(
  queueUrl: string,
  options: { send?: SendSqsMessage; log?: Pick<Console, "error"> } = {},
): AccountMailQueue {
  const log = options.log ?? console;
  let send = options.send;
  const inFlight = new Set<Promise<void>>();

  return {
    request(request) {
      const sending = (async () => {
        try {
          // Loaded on the first request: most invocations of the accounts function send none.
          const { SQSClient, SendMessageCommand } = await import("@aws-sdk/client-sqs");
          if (!send) {
            const client = new SQSClient({});
            send = (command) => client.send(command);
          }
          await send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(request) }));
        } catch (error) {
          log.error(`Account mail request not sent to SQS (${request.kind}):`, error);
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

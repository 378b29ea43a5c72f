import type { AccountMailQueue } from "./account-mail-queue";
import { backgroundSqsSender, type SendSqsMessage } from "./sqs-background";

/**
 * On AWS: each request is one message to the account mail queue (infra/account-mail.ts), whose subscriber looks the
 * account up, writes the token and sends the mail (functions/main/jobs/account-mail.ts). The send runs in the background
 * of the request (sqs-background.ts), so the answer never waits for more than the route's own work. A failed send
 * is logged: that person gets no mail and may ask again, as with a lost mail.
 */
export function sqsAccountMail(
  queueUrl: string,
  options: { send?: SendSqsMessage; log?: Pick<Console, "error"> } = {},
): AccountMailQueue {
  const sender = backgroundSqsSender(queueUrl, options);
  return {
    request(request) {
      sender.send(request, `Account mail request (${request.kind})`);
    },
    flush: () => sender.flush(),
  };
}

import type { AccountMailQueue } from "./account-mail-queue";
import { backgroundSqsSender, type SendSqsMessage } from "./sqs-background";

/** A failed send is logged: that person gets no mail and may ask again, as with a lost mail. */
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

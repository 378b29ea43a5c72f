import type { SNSEvent } from "aws-lambda";
import type { DataDeps } from "../../platform/deps";
import { recordSuppression, refusedAddresses, type SesFeedbackEvent } from "../suppressions";

type Log = Pick<Console, "info" | "error">;

/** An address in the logs: enough to recognise it, not enough to read it (personal data). */
export const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, "$1…$2");

/** A message that is not an SES event is logged and skipped; a failed write throws, and Lambda retries. */
export async function recordMailFeedback(
  deps: Pick<DataDeps, "db">,
  event: SNSEvent,
  log: Log = console,
): Promise<number> {
  let recorded = 0;
  for (const record of event.Records) {
    let message: SesFeedbackEvent;
    try {
      message = JSON.parse(record.Sns.Message) as SesFeedbackEvent;
    } catch {
      log.error(`SES feedback message ${record.Sns.MessageId} skipped: not JSON.`);
      continue;
    }
    for (const refused of refusedAddresses(message)) {
      await recordSuppression(deps, refused);
      log.info(`Mail to ${maskEmail(refused.email)} stopped: ${refused.reason} at ${refused.at}.`);
      recorded++;
    }
  }
  return recorded;
}

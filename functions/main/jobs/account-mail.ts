import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import type { AccountMailDeps } from "../../accounts/auth";
import { type AccountMailRequest, isAccountMailRequest } from "../../platform/adapters/account-mail-queue";
import { handleAccountMail } from "../account-mail";
import { depsFromEnv } from "../deps-from-env";

/**
 * A password reset older than this is dropped rather than mailed: whoever asked has given up or asked again, and the
 * queue would otherwise retry a failing one for days (SQS keeps a message 4 days). An order's confirmation is never
 * dropped for its age: it is owed on a durable medium (Code de la consommation L221-13), late or not.
 */
export const ACCOUNT_MAIL_MAX_AGE_MINUTES = 60;

type Log = Pick<Console, "info" | "error">;

/** One message of the account mail queue, as the job reads it. */
export interface AccountMailMessage {
  messageId: string;
  body: string;
}

/**
 * The account mail job: for each message, the background part of what the route handed over (the same function
 * the local server runs in-process: handleAccountMail). A message that fails (DynamoDB, SES) is returned as failed
 * (SQS partial batch response) and comes back after the queue's visibility timeout; the others are done. A message
 * that cannot be read, or is older than ACCOUNT_MAIL_MAX_AGE_MINUTES, is logged and dropped.
 */
export async function sendAccountMails(
  deps: AccountMailDeps,
  messages: readonly AccountMailMessage[],
  log: Log = console,
): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse["batchItemFailures"] = [];
  const now = deps.clock().getTime();
  for (const message of messages) {
    let request: AccountMailRequest;
    try {
      const parsed: unknown = JSON.parse(message.body);
      if (!isAccountMailRequest(parsed)) throw new Error("not an account mail request");
      request = parsed;
    } catch (error) {
      log.error(`Account mail message ${message.messageId} dropped: unreadable.`, error);
      continue;
    }
    if (
      (request.kind === "password-reset" ||
        request.kind === "signin-locked" ||
        request.kind === "guest-data-link") &&
      now - Date.parse(request.requested_at) > ACCOUNT_MAIL_MAX_AGE_MINUTES * 60_000
    ) {
      log.error(
        `Account mail message ${message.messageId} dropped: asked at ${request.requested_at}, too late.`,
      );
      continue;
    }
    try {
      await handleAccountMail(deps, request);
    } catch (error) {
      log.error(
        `Account mail message ${message.messageId} (${request.kind}) failed; it will come back.`,
        error,
      );
      failures.push({ itemIdentifier: message.messageId });
    }
  }
  return { batchItemFailures: failures };
}

/** Subscriber of the account mail queue (infra/account-mail.ts), with partial batch responses. */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  return sendAccountMails(depsFromEnv(), event.Records);
}

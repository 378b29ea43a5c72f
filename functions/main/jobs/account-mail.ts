import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import type { AccountMailDeps } from "../../accounts/auth";
import { type AccountMailRequest, isAccountMailRequest } from "../../platform/adapters/account-mail-queue";
import { handleAccountMail } from "../account-mail";
import { depsFromEnv } from "../deps-from-env";

/**
 * A reset older than this is dropped: whoever asked has given up, and SQS would retry a failing one for 4 days. An
 * order's confirmation is never dropped: it is owed on a durable medium (Code de la consommation L221-13).
 */
export const ACCOUNT_MAIL_MAX_AGE_MINUTES = 60;

type Log = Pick<Console, "info" | "error">;

export interface AccountMailMessage {
  messageId: string;
  body: string;
}

/** A failed message is returned (SQS partial batch response) and comes back; an unreadable or old one is dropped. */
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

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  return sendAccountMails(depsFromEnv(), event.Records);
}

/**
 * Account mails sent after the answer (issue 14, defect 3; docs/decisions/011-abuse-limits.md). A route that must
 * answer the same whatever the e-mail (forgot password) hands "a reset was asked for <e-mail>" over and answers at
 * once; the lookup, the token and the mail happen in the background, by `handleAccountMail`
 * (functions/accounts/auth.ts). Locally an in-process runner (below); on AWS a message to the account mail queue,
 * whose subscriber runs the same function (functions/platform/adapters/sqs-account-mail.ts, functions/main/jobs/account-mail.ts).
 */

/** What is handed over. The e-mail is normalized (the route's schema did it); nothing says whether it is known. */
export interface PasswordResetRequest {
  kind: "password-reset";
  email: string;
  /** When it was asked, ISO 8601: the subscriber drops resets too old to be expected any more. */
  requested_at: string;
}

/**
 * A sign-in lock just triggered for this e-mail (issue 28, item 1): the holder is mailed a reset link. Handed over
 * only by the attempt whose conditional write claimed the lock's notice, so once per lock; unknown e-mails get none.
 */
export interface SigninLockedRequest {
  kind: "signin-locked";
  email: string;
  requested_at: string;
}

/**
 * The confirmation of an order just placed by bank transfer (issue 18): the order answers without waiting for the
 * mail, and a mail that fails is sent again by the queue instead of being lost.
 */
export interface OrderConfirmationRequest {
  kind: "order-confirmation";
  order_id: string;
  requested_at: string;
}

/**
 * A guest asked for the link to her personal data (issue 32, « Mes données »): the route answers the same at once
 * whatever the e-mail, and the look-up, the link and the mail happen here, so no timing says whether it has orders.
 */
export interface GuestDataLinkRequest {
  kind: "guest-data-link";
  email: string;
  requested_at: string;
}

/**
 * Stock alerts and the waitlist (decision record 026), sent after the answer so an order or a restock never waits
 * for SES: the owner's low-stock alert, a shopper's waitlist confirmation, the back-in-stock mails of a restock.
 */
export type StockMailRequest =
  | { kind: "low-stock"; product_id: number; requested_at: string }
  | { kind: "waitlist-signup"; product_id: number; email: string; requested_at: string }
  | { kind: "waitlist-restock"; product_id: number; units: number; requested_at: string };

export type AccountMailRequest =
  | PasswordResetRequest
  | SigninLockedRequest
  | OrderConfirmationRequest
  | GuestDataLinkRequest
  | StockMailRequest;

export interface AccountMailQueue {
  /** Hands a request over. Never throws, never waits: the caller answers at once. */
  request(request: AccountMailRequest): void;
  /**
   * Resolves once the requests made so far have been handed over (never rejects): in-process, handled; on AWS,
   * sent to SQS. A Lambda awaits it before it returns (settlingBackgroundSends, functions/main/deps-from-env.ts); tests await
   * it before they read the mail folder.
   */
  flush(): Promise<void>;
}

type Log = Pick<Console, "error">;

/** Whether a queue message is an account mail request this code knows how to handle. */
export function isAccountMailRequest(value: unknown): value is AccountMailRequest {
  if (!value || typeof value !== "object") return false;
  const { kind, email, order_id, requested_at, product_id, units } = value as Record<string, unknown>;
  if (typeof requested_at !== "string" || Number.isNaN(Date.parse(requested_at))) return false;
  const hasEmail = typeof email === "string" && email.length > 0;
  const hasProduct = typeof product_id === "number" && Number.isInteger(product_id) && product_id > 0;
  switch (kind) {
    case "password-reset":
    case "signin-locked":
    case "guest-data-link":
      return hasEmail;
    case "order-confirmation":
      return typeof order_id === "string" && order_id.length > 0;
    case "low-stock":
      return hasProduct;
    case "waitlist-signup":
      return hasProduct && hasEmail;
    case "waitlist-restock":
      return hasProduct && typeof units === "number" && Number.isInteger(units) && units > 0;
    default:
      return false;
  }
}

/**
 * Runs each request in this process, after the current request has been answered (`setImmediate`): `npm start`'s
 * server and the tests. An error is logged, never thrown into a request.
 */
export function inProcessAccountMail(
  handle: (request: AccountMailRequest) => Promise<void>,
  log: Log = console,
): AccountMailQueue {
  const pending = new Set<Promise<void>>();
  return {
    request(request) {
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => handle(request))
        .catch((error: unknown) => log.error(`Account mail not sent (${request.kind}):`, error));
      pending.add(running);
      void running.finally(() => pending.delete(running));
    },
    async flush() {
      // Work started while waiting (a request answered meanwhile) is waited for too.
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

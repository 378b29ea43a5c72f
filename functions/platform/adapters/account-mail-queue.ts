/**
 * Mails sent after the answer: a route that must answer the same whatever the
 * e-mail hands the work over and answers at once. Locally an in-process runner; on AWS the account mail queue.
 */

export interface PasswordResetRequest {
  kind: "password-reset";
  email: string;
  /** The subscriber drops resets too old to be expected any more. */
  requested_at: string;
}

/** Handed over only by the attempt whose conditional write claimed the lock's notice: once per lock. */
export interface SigninLockedRequest {
  kind: "signin-locked";
  email: string;
  requested_at: string;
}

/** A failed mail is sent again by the queue instead of being lost, and the order does not wait for it. */
export interface OrderConfirmationRequest {
  kind: "order-confirmation";
  order_id: string;
  requested_at: string;
}

/** Done here so no timing says whether the e-mail has orders. */
export interface GuestDataLinkRequest {
  kind: "guest-data-link";
  email: string;
  requested_at: string;
}

/** Sent after the answer so an order or a restock never waits for SES. */
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
  request(request: AccountMailRequest): void;
  /** A Lambda awaits it before it returns: the runtime freezes the process as soon as the handler settles. */
  flush(): Promise<void>;
}

type Log = Pick<Console, "error">;

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

/** After the current request is answered (`setImmediate`); an error is logged, never thrown into a request. */
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

/** The PayPal adapter's one error: what failed, how, and PayPal's own words for the log. */

/** What a PayPal call was doing when it failed: the log says it, and the shop's answer depends on it. */
export type PaypalOperation =
  | "authenticate"
  | "create-order"
  | "capture"
  | "read-order"
  | "refund"
  | "verify-webhook";

export type PaypalFailureKind = "unreachable" | "timeout" | "unreadable" | "answered";

/**
 * A PayPal call that failed. Its message and fields are PayPal's English (or the adapter's) and are for the log only
 * (`logFields`): functions/payments/paypal-failures.ts turns it into the French answer a customer or the owner reads.
 */
export class PaypalError extends Error {
  override name = "PaypalError";
  constructor(
    message: string,
    /** PayPal's HTTP status; 0 when PayPal gave no answer (kind "unreachable" or "timeout"). */
    readonly status: number,
    /** PayPal's issue code when it gave one (INSTRUMENT_DECLINED, ORDER_ALREADY_CAPTURED…). */
    readonly issue?: string,
    readonly details: {
      operation?: PaypalOperation;
      /**
       * "unreadable": something answered, but not PayPal's JSON for this call (an HTML page from a proxy, even with
       * 200; a body cut off): whether PayPal did it is unknown, as when it gives no answer.
       */
      kind?: PaypalFailureKind;
      /** PayPal's error name (INTERNAL_SERVER_ERROR, UNPROCESSABLE_ENTITY…) and its debug id, for PayPal's support. */
      paypalName?: string;
      debugId?: string;
      description?: string;
    } = {},
  ) {
    super(message);
  }

  get operation(): PaypalOperation | undefined {
    return this.details.operation;
  }
  get kind(): PaypalFailureKind {
    return this.details.kind ?? "answered";
  }

  /** One structured log entry (JSON): PayPal's English, its debug id, never shown to anyone but the log. */
  logFields(): Record<string, unknown> {
    return {
      event: "paypal-error",
      operation: this.details.operation,
      kind: this.kind,
      status: this.status,
      ...(this.details.paypalName && { name: this.details.paypalName }),
      ...(this.issue && { issue: this.issue }),
      ...(this.details.description && { description: this.details.description }),
      ...(this.details.debugId && { debug_id: this.details.debugId }),
      message: this.message,
    };
  }
}

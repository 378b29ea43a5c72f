import { centsToDecimalText, parseEurosText } from "../../../src/domain/money";

/**
 * PayPal REST client (Orders v2, Payments v2 refunds, OAuth client credentials, webhook signature verification).
 * Base URL, client id and secret come from the `payment_paypal` setting; the tests point it at a local double
 * that speaks the same API (tests/doubles/paypal.ts).
 */
export interface PaypalConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}

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

export interface Money {
  currency_code: "EUR";
  value: string;
}

export interface PaypalOrderRequest {
  referenceId: string;
  description: string;
  amount: Money & { breakdown: { item_total: Money; shipping: Money; discount: Money } };
  items: { name: string; quantity: string; unit_amount: Money; sku?: string }[];
  shipping: {
    name: { full_name: string };
    address: {
      address_line_1: string;
      address_line_2?: string;
      admin_area_2: string;
      postal_code: string;
      country_code: string;
    };
  };
}

export interface PaypalCapture {
  id: string;
  status: "COMPLETED" | "PENDING" | "DECLINED" | "FAILED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  amount: { currency_code: string; value: string };
  custom_id?: string;
}

export interface PaypalCaptureResult {
  id: string;
  status: string;
  payer?: { payer_id?: string };
  purchase_units: { reference_id?: string; payments?: { captures?: PaypalCapture[] } }[];
}

/** A refund of a capture (Payments v2 `POST /v2/payments/captures/{capture_id}/refund`). */
export interface RefundOptions {
  /** Integer cents to give back; absent = what is left of the capture (a full refund). */
  amountCents?: number;
  currency: "EUR";
  /** Sent as PayPal-Request-Id: the same id never refunds twice, PayPal answers the first refund again. */
  requestId: string;
  /** Shown to the buyer by PayPal (at most 255 characters). */
  noteToPayer?: string;
}

export interface PaypalRefund {
  id: string;
  /** COMPLETED, or PENDING while PayPal settles it (then CANCELLED or FAILED may follow). */
  status: "COMPLETED" | "PENDING" | "CANCELLED" | "FAILED";
  amountCents: number;
}

interface PaypalRefundBody {
  id: string;
  status: PaypalRefund["status"];
  amount?: { currency_code: string; value: string };
}

export interface WebhookHeaders {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
}

/** An order as capture and read answer it: the shop reads its purchase units. */
const isOrderResult = (answer: Partial<Record<keyof PaypalCaptureResult, unknown>>) =>
  typeof answer.id === "string" && Array.isArray(answer.purchase_units);
/** A refund as PayPal answers it: the shop records its id and status. */
const isRefund = (answer: Partial<Record<keyof PaypalRefundBody, unknown>>) =>
  typeof answer.id === "string" && typeof answer.status === "string";

const tokenCache = new Map<string, { token: string; expiresAt: number }>();

/** Forgets cached OAuth tokens (when the owner changes the credentials). */
export function clearPaypalTokens(): void {
  tokenCache.clear();
}

export class PaypalClient {
  private readonly baseUrl: string;

  constructor(private readonly config: PaypalConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, "");
  }

  private async send(
    path: string,
    init: RequestInit,
    what: string,
    operation: PaypalOperation,
  ): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 15_000),
      });
    } catch (error) {
      const timeout = error instanceof Error && error.name === "TimeoutError";
      const cause =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : "";
      throw new PaypalError(`${what}: ${timeout ? "timed out" : `no answer (${cause})`}`, 0, undefined, {
        operation,
        kind: timeout ? "timeout" : "unreachable",
      });
    }
  }

  /** OAuth 2 client-credentials token, cached until shortly before it expires. */
  async accessToken(): Promise<string> {
    const key = `${this.baseUrl}|${this.config.clientId}|${this.config.clientSecret}`;
    const cached = tokenCache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString("base64");
    const response = await this.send(
      "/v1/oauth2/token",
      {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      },
      "PayPal authentication failed",
      "authenticate",
    );
    if (!response.ok) throw await this.error(response, "PayPal authentication failed", "authenticate");
    const body = await this.json<{ access_token: string; expires_in: number }>(
      response,
      ["PayPal authentication failed", "authenticate"],
      (answer) => typeof answer.access_token === "string" && typeof answer.expires_in === "number",
    );
    tokenCache.set(key, { token: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000 });
    return body.access_token;
  }

  /**
   * PayPal's JSON answer, when it has what the caller reads (`complete`); anything else is an "unreadable" failure
   * rather than a crash further on. Reading the body is within the call's deadline too.
   */
  private async json<T extends object>(
    response: Response,
    [what, operation]: [string, PaypalOperation],
    complete: (answer: Partial<Record<keyof T, unknown>>) => boolean,
  ): Promise<T> {
    let answer: unknown;
    try {
      answer = await response.json();
    } catch (error) {
      if (error instanceof Error && error.name === "TimeoutError")
        throw new PaypalError(`${what}: timed out`, 0, undefined, { operation, kind: "timeout" });
      answer = undefined;
    }
    if (
      typeof answer === "object" &&
      answer !== null &&
      complete(answer as Partial<Record<keyof T, unknown>>)
    )
      return answer as T;
    const type = response.headers.get("content-type") ?? "no content type";
    throw new PaypalError(`${what}: unreadable answer (${type})`, response.status, undefined, {
      operation,
      kind: "unreadable",
    });
  }

  private async call<T extends object>(
    method: string,
    path: string,
    [what, operation]: [string, PaypalOperation],
    complete: (answer: Partial<Record<keyof T, unknown>>) => boolean,
    body?: unknown,
    requestId?: string,
  ): Promise<T> {
    const token = await this.accessToken();
    const response = await this.send(
      path,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          prefer: "return=representation",
          ...(requestId && { "paypal-request-id": requestId }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      },
      what,
      operation,
    );
    if (!response.ok) throw await this.error(response, what, operation);
    return this.json<T>(response, [what, operation], complete);
  }

  private async error(response: Response, what: string, operation: PaypalOperation): Promise<PaypalError> {
    let detail = response.statusText || `HTTP ${response.status}`;
    let issue: string | undefined;
    let paypalName: string | undefined;
    let debugId: string | undefined;
    let description: string | undefined;
    try {
      const body = (await response.json()) as {
        name?: string;
        error?: string;
        message?: string;
        debug_id?: string;
        error_description?: string;
        details?: { issue?: string; description?: string }[];
      };
      issue = body.details?.[0]?.issue;
      paypalName = body.name ?? body.error;
      debugId = body.debug_id;
      description = body.details?.[0]?.description ?? body.message ?? body.error_description;
      detail = description ?? detail;
    } catch {
      // not JSON: keep the status text
    }
    return new PaypalError(`${what}: ${detail}`, response.status, issue, {
      operation,
      kind: "answered",
      paypalName,
      debugId,
      description,
    });
  }

  /** Creates a CAPTURE order for our order; PayPal-Request-Id makes a retried create return the same order. */
  createOrder(order: PaypalOrderRequest, requestId: string): Promise<{ id: string; status: string }> {
    return this.call(
      "POST",
      "/v2/checkout/orders",
      ["Failed to create PayPal order", "create-order"],
      (answer) => typeof answer.id === "string" && answer.id !== "",
      {
        intent: "CAPTURE",
        purchase_units: [
          {
            reference_id: order.referenceId,
            custom_id: order.referenceId,
            invoice_id: order.referenceId,
            description: order.description.slice(0, 127),
            amount: order.amount,
            items: order.items,
            shipping: order.shipping,
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              shipping_preference: "SET_PROVIDED_ADDRESS",
              locale: "fr-FR",
              user_action: "PAY_NOW",
            },
          },
        },
      },
      requestId,
    );
  }

  /** Captures an approved order; the same PayPal-Request-Id never captures twice. */
  captureOrder(paypalOrderId: string, requestId: string): Promise<PaypalCaptureResult> {
    return this.call(
      "POST",
      `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`,
      ["Failed to capture PayPal payment", "capture"],
      isOrderResult,
      {},
      requestId,
    );
  }

  /**
   * Refunds a completed capture, in full (no amount) or in part. PayPal refuses with 422 and the issue
   * REFUND_AMOUNT_EXCEEDED an amount above what is left to refund, CAPTURE_FULLY_REFUNDED when nothing is left.
   */
  async refundCapture(captureId: string, options: RefundOptions): Promise<PaypalRefund> {
    const { amountCents, currency, requestId, noteToPayer } = options;
    if (amountCents !== undefined && !(Number.isSafeInteger(amountCents) && amountCents > 0)) {
      throw new RangeError(`Refund amount must be a positive number of cents: ${amountCents}`);
    }
    if (!requestId) throw new RangeError("A refund needs a PayPal-Request-Id");
    const what: [string, PaypalOperation] = ["Failed to refund PayPal capture", "refund"];
    const body = await this.call<PaypalRefundBody>(
      "POST",
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      what,
      isRefund,
      {
        ...(amountCents !== undefined && {
          amount: { currency_code: currency, value: centsToDecimalText(amountCents) },
        }),
        ...(noteToPayer && { note_to_payer: noteToPayer.slice(0, 255) }),
      },
      requestId,
    );
    // A minimal answer (no amount) is completed by reading the refund.
    const refund = body.amount
      ? body
      : await this.call<PaypalRefundBody>(
          "GET",
          `/v2/payments/refunds/${encodeURIComponent(body.id)}`,
          what,
          isRefund,
        );
    const refunded = refund.amount && parseEurosText(refund.amount.value);
    if (refunded == null || refund.amount?.currency_code !== currency) {
      throw new PaypalError(`${what[0]}: unexpected refund amount`, 502, undefined, {
        operation: "refund",
        kind: "answered",
      });
    }
    return { id: refund.id, status: refund.status, amountCents: refunded };
  }

  getOrder(paypalOrderId: string): Promise<PaypalCaptureResult> {
    return this.call(
      "GET",
      `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`,
      ["Failed to read PayPal order", "read-order"],
      isOrderResult,
    );
  }

  /** Asks PayPal whether a webhook delivery really comes from PayPal (never trusted on its own). */
  async verifyWebhook(headers: WebhookHeaders, webhookId: string, event: unknown): Promise<boolean> {
    const result = await this.call<{ verification_status: string }>(
      "POST",
      "/v1/notifications/verify-webhook-signature",
      ["PayPal webhook verification failed", "verify-webhook"],
      (answer) => typeof answer.verification_status === "string",
      {
        auth_algo: headers.authAlgo,
        cert_url: headers.certUrl,
        transmission_id: headers.transmissionId,
        transmission_sig: headers.transmissionSig,
        transmission_time: headers.transmissionTime,
        webhook_id: webhookId,
        webhook_event: event,
      },
    );
    return result.verification_status === "SUCCESS";
  }
}

/**
 * PayPal REST client: the calls the shop makes (Orders v2 create, capture and read, Payments v2 refunds, webhook
 * signature verification), on top of http.ts (OAuth client credentials, deadlines, failures as PaypalError).
 * Base URL, client id and secret come from the `payment_paypal` setting; the tests point it at a local double
 * that speaks the same API (tests/doubles/paypal.ts).
 */

import { centsToDecimalText, parseEurosText } from "../../../../src/domain/money";
import type {
  PaypalCaptureResult,
  PaypalOrderRequest,
  PaypalRefund,
  PaypalRefundBody,
  RefundOptions,
  WebhookHeaders,
} from "./bodies";
import { PaypalError, type PaypalOperation } from "./error";
import { PaypalHttp } from "./http";

/** An order as capture and read answer it: the shop reads its purchase units. */
const isOrderResult = (answer: Partial<Record<keyof PaypalCaptureResult, unknown>>) =>
  typeof answer.id === "string" && Array.isArray(answer.purchase_units);
/** A refund as PayPal answers it: the shop records its id and status. */
const isRefund = (answer: Partial<Record<keyof PaypalRefundBody, unknown>>) =>
  typeof answer.id === "string" && typeof answer.status === "string";

/** The calls the shop makes, each through PaypalHttp's `call`; built as PaypalHttp is, from a PaypalConfig. */
export class PaypalClient extends PaypalHttp {
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

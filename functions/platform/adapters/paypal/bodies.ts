/** What the shop sends to PayPal's REST API and reads back: orders, captures, refunds, webhook headers. */

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

/** A refund as PayPal answers it (Payments v2). */
export interface PaypalRefundBody {
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

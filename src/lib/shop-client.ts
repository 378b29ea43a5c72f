/**
 * Browser calls of the cart, checkout, orders and tracking screens (api.md "Promo and orders", "PayPal",
 * "Catalogue and public settings"). Same origin, JSON, the session cookie; failures are ApiError.
 */

import type { Order } from "../domain/orders/order";
import type { PickupPoint } from "../domain/orders/pickup-point";
import { type ApiAnswer, type ApiBody, type ApiPath, api, type Params, unwrap } from "./api/client";

export type { Order };

/** What the payment screen may offer: orders taken or why not, the bank's details, PayPal, pick-up points. */
export type CheckoutSettings = ApiAnswer<"/api/settings/checkout">;

export function fetchCheckoutSettings(signal?: AbortSignal): Promise<CheckoutSettings> {
  return unwrap(api.GET("/api/settings/checkout", { signal }));
}

/**
 * GET /api/shipping/pickup-points: La Poste's pick-up points near a postal code (the city narrows it), nearest first,
 * at most 20, maybe none. Refusals are ApiError with the server's French message (400 postal code, 409
 * PICKUP_NOT_OFFERED, 429 RATE_LIMITED, 503 CARRIER_UNAVAILABLE).
 */
export async function searchPickupPoints(
  postalCode: string,
  city?: string,
  signal?: AbortSignal,
): Promise<PickupPoint[]> {
  const query = city ? { postal_code: postalCode, city } : { postal_code: postalCode };
  const { points } = await unwrap(api.GET("/api/shipping/pickup-points", { params: { query }, signal }));
  return points;
}

export type CompanyContact = ApiAnswer<"/api/settings/company">;

export function fetchCompany(signal?: AbortSignal): Promise<CompanyContact> {
  return unwrap(api.GET("/api/settings/company", { signal }));
}

/** POST /api/orders (bank transfer); the same Idempotency-Key returns the same order. */
export async function placeBankTransferOrder(
  body: ApiBody<"/api/orders", "post">,
  idempotencyKey: string,
): Promise<Order> {
  const { order } = await unwrap(
    api.POST("/api/orders", { body, headers: { "idempotency-key": idempotencyKey } }),
  );
  return order;
}

/** GET /api/paypal-payment/client-id: 503 'PayPal n'est pas configuré.' when it is not. */
export async function fetchPaypalClientId(signal?: AbortSignal): Promise<string> {
  const { clientId } = await unwrap(api.GET("/api/paypal-payment/client-id", { signal }));
  return clientId;
}

/** POST /api/paypal-payment/create-order: our order (a hold) and the PayPal order for the server's total. */
export function createPaypalOrder(
  body: ApiBody<"/api/paypal-payment/create-order", "post">,
  idempotencyKey: string,
): Promise<ApiAnswer<"/api/paypal-payment/create-order", "post">> {
  return unwrap(
    api.POST("/api/paypal-payment/create-order", { body, headers: { "idempotency-key": idempotencyKey } }),
  );
}

export type PaypalCapture = ApiAnswer<"/api/paypal-payment/capture-order", "post">;

/** POST /api/paypal-payment/capture-order after the buyer approved in PayPal's window. */
export function capturePaypalOrder(orderID: string): Promise<PaypalCapture> {
  return unwrap(api.POST("/api/paypal-payment/capture-order", { body: { orderID } }));
}

export type PaypalRelease = ApiAnswer<"/api/paypal-payment/orders/{id}/release", "post">;

/**
 * POST /api/paypal-payment/orders/{id}/release when the buyer closed or cancelled PayPal's window: the pending
 * order is released at once (stock and promo use back). Idempotent.
 */
export function releasePaypalOrder(paypalOrderId: string): Promise<PaypalRelease> {
  return unwrap(
    api.POST("/api/paypal-payment/orders/{id}/release", {
      params: { path: { id: paypalOrderId } },
    }),
  );
}

/** The capture's status as the spec reads it: purchase_units[0].payments.captures[0].status. */
export function captureStatus(capture: PaypalCapture): string | undefined {
  // The document leaves PayPal's own fields open (a loose object): their shape is PayPal's, read as the spec says.
  const { purchase_units } = capture as {
    purchase_units?: { payments?: { captures?: { status?: string }[] } }[];
  };
  return purchase_units?.[0]?.payments?.captures?.[0]?.status ?? capture.status;
}

/**
 * Ordering without an account (decision record 049): the customer's calls under /api/guest/, the same bodies
 * without the address book's id and with the guest's details, the same Idempotency-Key and the same refusals. The
 * answer carries the token of the order's tracking link (`access_token`); PayPal's capture and release send it back in
 * the X-Order-Token header (GUEST_TOKEN_HEADER of domain/orders/guest.ts, written out here: that module reads zod).
 */
const ORDER_TOKEN_HEADER = "x-order-token";

/** The order, its link's token, and whether the confirmation is mailed (false past the per-e-mail limit). */
export type GuestPlacement = ApiAnswer<"/api/guest/orders", "post">;

/** POST /api/guest/orders (a guest's bank transfer); the same Idempotency-Key returns the same order. */
export function placeGuestBankTransferOrder(
  body: ApiBody<"/api/guest/orders", "post">,
  idempotencyKey: string,
): Promise<GuestPlacement> {
  return unwrap(api.POST("/api/guest/orders", { body, headers: { "idempotency-key": idempotencyKey } }));
}

/** POST /api/guest/paypal-payment/create-order: a guest's order (a hold), PayPal's order, and the link's token. */
export function createGuestPaypalOrder(
  body: ApiBody<"/api/guest/paypal-payment/create-order", "post">,
  idempotencyKey: string,
): Promise<ApiAnswer<"/api/guest/paypal-payment/create-order", "post">> {
  return unwrap(
    api.POST("/api/guest/paypal-payment/create-order", {
      body,
      headers: { "idempotency-key": idempotencyKey },
    }),
  );
}

/** POST /api/guest/paypal-payment/capture-order, with the token create-order answered. */
export function captureGuestPaypalOrder(orderID: string, accessToken: string): Promise<PaypalCapture> {
  return unwrap(
    api.POST("/api/guest/paypal-payment/capture-order", {
      body: { orderID },
      headers: { [ORDER_TOKEN_HEADER]: accessToken },
    }),
  );
}

/** POST /api/guest/paypal-payment/orders/{id}/release, with the token create-order answered. Idempotent. */
export function releaseGuestPaypalOrder(
  paypalOrderId: string,
  accessToken: string,
): Promise<ApiAnswer<"/api/guest/paypal-payment/orders/{id}/release", "post">> {
  return unwrap(
    api.POST("/api/guest/paypal-payment/orders/{id}/release", {
      params: { path: { id: paypalOrderId } },
      headers: { [ORDER_TOKEN_HEADER]: accessToken },
    }),
  );
}

export function fetchMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return unwrap(api.GET("/api/user/orders", { signal }));
}

export function fetchMyOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return unwrap(api.GET("/api/user/orders/{id}", { params: { path: { id } }, signal }));
}

/** A random Idempotency-Key (api.md: 8 to 100 letters, digits, - or _). */
export function newIdempotencyKey(): string {
  // randomUUID needs a secure context (https or localhost); getRandomValues works everywhere.
  if (typeof crypto.randomUUID === "function" && window.isSecureContext) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A guest's order page: the order and its documents read with the token of her link, sent in the
 * X-Order-Token header (ORDER_TOKEN_HEADER above), never in the address. A wrong, revoked or expired token answers
 * 404 ORDER_NOT_FOUND, like an unknown order.
 */

/** GET /api/guest/orders/{id}: the order as GET /api/user/orders/{id} answers it (transfer instructions included). */
export function fetchGuestOrder(id: string, token: string, signal?: AbortSignal): Promise<Order> {
  return unwrap(
    api.GET("/api/guest/orders/{id}", {
      params: { path: { id } },
      signal,
      headers: { [ORDER_TOKEN_HEADER]: token },
    }),
  );
}

/**
 * GETs one of a guest order's PDFs with the link's token: a plain link cannot send the header, so the page saves the
 * answer itself (saveFile). Its bytes and the name the server gives it; failures are ApiError. Loaded on the click.
 */
export async function downloadGuestDocument(
  path: Extract<ApiPath, `/api/guest/documents/${string}`>,
  params: Params,
  token: string,
): Promise<{ blob: Blob; fileName: string }> {
  const { apiDownload } = await import("./api/files");
  return apiDownload(path, "document.pdf", params, {
    [ORDER_TOKEN_HEADER]: token,
    accept: "application/pdf, application/json",
  });
}

/**
 * Browser calls of « Créer mon compte » after an order placed without an account, and of the attachment of past
 * guest orders by the mailed link (the server: functions/orders/guest/account/).
 */
import type { SessionUser } from "../domain/accounts/account";
import { GUEST_TOKEN_HEADER } from "../domain/orders/guest";
import { type ApiAnswer, api, unwrap } from "./api/client";

/**
 * POST /api/guest/account: the account of the order's e-mail and name, with this password; the session cookie comes
 * with the answer. `orderToken`: the order's link token (the same the tracking page sends). Throws ApiError
 * (409 EMAIL_TAKEN when the e-mail already has an account: a link to attach the orders is mailed anyway).
 */
export async function createGuestAccount(input: {
  orderId: string;
  orderToken: string;
  password: string;
}): Promise<SessionUser> {
  const { user } = await unwrap(
    api.POST("/api/guest/account", {
      body: { order_id: input.orderId, password: input.password },
      headers: { [GUEST_TOKEN_HEADER]: input.orderToken },
    }),
  );
  return user;
}

/** POST /api/user/guest-orders/attach: how many guest orders joined the signed-in account. The link then stops. */
export function attachGuestOrders(
  token: string,
  signal?: AbortSignal,
): Promise<ApiAnswer<"/api/user/guest-orders/attach", "post">> {
  return unwrap(api.POST("/api/user/guest-orders/attach", { body: { token }, signal }));
}

/** POST /api/user/guest-orders/attach-link: a new attach link mailed to the signed-in customer's e-mail. */
export async function requestAttachLink(): Promise<void> {
  await unwrap(api.POST("/api/user/guest-orders/attach-link"));
}

/**
 * The waitlist form's sending, apart from its texts and checks (waitlist-view.ts): the prebuilt product page loads it,
 * and the API client with it, only when the form is sent.
 */

import { api, unwrap } from "./api/client";
import { ApiError } from "./api-client";
import { WAITLIST_OFFLINE, type WaitlistErrors } from "./waitlist-view";

export type WaitlistOutcome =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: WaitlistErrors };

/** POST /api/waitlist, once checkWaitlistForm passed (the consent is given); the answer's French message either way. */
export async function submitWaitlist(productId: number, email: string): Promise<WaitlistOutcome> {
  try {
    const { message } = await unwrap(
      api.POST("/api/waitlist", { body: { product_id: productId, email: email.trim(), consent: true } }),
    );
    return { ok: true, message };
  } catch (error) {
    const fields = error instanceof ApiError ? error.fields : {};
    const errors: WaitlistErrors = {
      ...(fields.email && { email: fields.email }),
      ...(fields.consent && { consent: fields.consent }),
    };
    const message =
      error instanceof ApiError && error.status !== 0
        ? error.status === 400
          ? "Vérifiez les champs signalés."
          : error.message
        : WAITLIST_OFFLINE;
    return { ok: false, message, errors };
  }
}

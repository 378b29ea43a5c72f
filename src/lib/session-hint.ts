/** The API's readable hint cookie (functions/accounts/session-middleware.ts SESSION_HINT_COOKIE). */
const SESSION_HINT = "signed_in=1";

/**
 * Whether the browser may hold a session: the API sets a readable `signed_in=1` beside the HttpOnly session cookie
 * and clears it with it. Without it nobody is signed in, and GET /api/auth/me is not worth a request.
 * Its own module, without the session store: the cart page's inline script reads it before any module loads.
 */
export function hasSessionHint(): boolean {
  if (typeof document === "undefined") return false;
  return document.cookie.split(/;\s*/).includes(SESSION_HINT);
}

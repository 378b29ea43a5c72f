/**
 * Where the shop may send its PayPal credentials: PayPal's own REST API hosts only, so an admin
 * setting (or a stolen admin session) cannot send the client secret elsewhere. A local PayPal double on this machine
 * is accepted only when the process says so explicitly (PAYPAL_ALLOW_LOOPBACK=1: the tests and the end-to-end shop).
 */
export const PAYPAL_API_HOSTS = [
  "api-m.sandbox.paypal.com",
  "api-m.paypal.com",
  "api.sandbox.paypal.com",
  "api.paypal.com",
] as const;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export const PAYPAL_URL_MESSAGE =
  "L'adresse de l'API PayPal doit être https://api-m.sandbox.paypal.com (test) ou https://api-m.paypal.com (production).";

/** Why `baseUrl` is not an address the shop may call with its PayPal credentials, or null. */
export function paypalBaseUrlProblem(baseUrl: string, allowLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return PAYPAL_URL_MESSAGE;
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== ""))
    return PAYPAL_URL_MESSAGE;
  if (
    url.protocol === "https:" &&
    !url.port &&
    (PAYPAL_API_HOSTS as readonly string[]).includes(url.hostname)
  )
    return null;
  if (
    allowLoopback &&
    LOOPBACK_HOSTS.has(url.hostname) &&
    (url.protocol === "http:" || url.protocol === "https:")
  )
    return null;
  return PAYPAL_URL_MESSAGE;
}

/**
 * Where the shop may send its Colissimo contract and La Poste API key: La Poste's own web-service hosts
 * only, as PayPal's credentials go to PayPal's hosts only (src/domain/payments/paypal-hosts.ts). The address of each
 * service is fixed by La Poste; a process may point them elsewhere only at a double on this machine, and only when it
 * says so explicitly (LAPOSTE_ALLOW_LOOPBACK=1: the tests and the end-to-end shop).
 */
export const LAPOSTE_HOSTS = {
  /** Colissimo's web services: labels (SLS) and pick-up points. */
  colissimo: "ws.colissimo.fr",
  /** La Poste's developer APIs: the « Suivi » tracking API. */
  api: "api.laposte.fr",
} as const;
export type LaposteService = keyof typeof LAPOSTE_HOSTS;

export const LAPOSTE_DEFAULT_URLS: Record<LaposteService, string> = {
  colissimo: `https://${LAPOSTE_HOSTS.colissimo}`,
  api: `https://${LAPOSTE_HOSTS.api}`,
};

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Why `baseUrl` may not receive the credentials of `service`, or null: La Poste's host over https on its default
 * port, or (allowLoopback) a double on this machine; never a path, a query or credentials in the address.
 */
export function laposteBaseUrlProblem(
  service: LaposteService,
  baseUrl: string,
  allowLoopback: boolean,
): string | null {
  const message = `L'adresse du service La Poste doit être ${LAPOSTE_DEFAULT_URLS[service]}.`;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return message;
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== ""))
    return message;
  if (url.protocol === "https:" && !url.port && url.hostname === LAPOSTE_HOSTS[service]) return null;
  if (
    allowLoopback &&
    LOOPBACK_HOSTS.has(url.hostname) &&
    (url.protocol === "http:" || url.protocol === "https:")
  )
    return null;
  return message;
}

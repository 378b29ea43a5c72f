/**
 * The answer to a method other than GET or HEAD on a site path: 405 with `Allow` (RFC 9110
 * §15.5.6 requires it on a 405), as a small page, with the security headers of every page. One definition for the
 * local server (functions/platform/static-site.ts) and the edge, where the Router's viewer-request function gives it
 * (infra/edge.ts): the two answer alike.
 */

/** The methods a site path answers: a page is only ever read. */
export const SITE_METHODS = "GET, HEAD";

export const METHOD_NOT_ALLOWED_PAGE = `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Méthode non autorisée</title>
<h1>Méthode non autorisée</h1><p>Cette adresse est une page du site : elle se consulte seulement.</p></html>`;

/** The 405's own headers, then the page's security headers (Content-Security-Policy included). */
export function methodNotAllowedHeaders(securityHeaders: Record<string, string>): Record<string, string> {
  return {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-cache",
    allow: SITE_METHODS,
    ...securityHeaders,
  };
}

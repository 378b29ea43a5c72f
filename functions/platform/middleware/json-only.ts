import { createMiddleware } from "hono/factory";
import { PHOTOS_API_MOUNT as PHOTOS_MOUNT } from "../../../src/domain/catalog/product-photos";
import { DomainError } from "../../../src/domain/errors";
import { CSP_REPORT_PATH } from "../../../src/domain/publishing/security-headers";
import { REVIEW_OPT_OUT_API } from "../../../src/domain/reviews/opt-out";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** CSP reports (application/csp-report, reports+json) need a preflight from a cross-site form too. */
function accepted(path: string): RegExp {
  if (path === CSP_REPORT_PATH) return /^application\/(json|csp-report|reports\+json)\b/i;
  // A mail client's one-click unsubscribe posts a form (RFC 8058); the token in the path is all it can do.
  if (path.startsWith(`${REVIEW_OPT_OUT_API}/`))
    return /^(application\/json|application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
  // A photo upload sends the file's bytes: image/* and application/octet-stream need a preflight too.
  if (path.startsWith(`${PHOTOS_MOUNT}/`))
    return /^(application\/json|application\/octet-stream|image\/[\w.+-]+)\b/i;
  return /^application\/json\b/i;
}

/** A cross-site HTML form cannot send application/json without a preflight: with the SameSite cookie, no CSRF. */
export const jsonOnly = createMiddleware(async (c, next) => {
  if (STATE_CHANGING.has(c.req.method)) {
    // A browser's bodiless DELETE or POST sends no Content-Length and no Content-Type: nothing to check.
    const length = c.req.header("content-length");
    const type = c.req.header("content-type") ?? "";
    const hasBody =
      length !== undefined ? length !== "0" : Boolean(c.req.header("transfer-encoding") || type);
    if (hasBody && !accepted(c.req.path).test(type)) throw new DomainError("UNSUPPORTED_MEDIA_TYPE");
  }
  await next();
});

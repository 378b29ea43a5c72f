import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as z from "zod";
import { DomainError, errorBody } from "../../../src/domain/errors";
import { recordApiFailure } from "../api-failure-metric";
import { validationError } from "./validate";

export function handleError(error: Error, c: Context): Response {
  const domainError = toDomainError(error);
  if (domainError.code === "INTERNAL") console.error("Unexpected API error", error);
  if (domainError.code === "UNAVAILABLE") {
    console.error("Unavailable:", error.message);
    c.header("retry-after", String(RETRY_AFTER_S));
  }
  if (domainError.code === "PAYPAL_UNAVAILABLE") c.header("retry-after", String(PAYPAL_RETRY_AFTER_S));
  recordApiFailure(domainError.status, domainError.code);
  return c.json(errorBody(domainError), domainError.status as ContentfulStatusCode);
}

const RETRY_AFTER_S = 5;
/** PayPal out of reach or refusing the shop's credentials: worth another try in a minute, not at once. */
const PAYPAL_RETRY_AFTER_S = 60;

const UNAVAILABLE_NAMES = new Set([
  "TimeoutError",
  "ServiceUnavailable",
  "InternalServerError",
  "ProvisionedThroughputExceededException",
  "RequestLimitExceeded",
  "ThrottlingException",
]);
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
]);

/** ElectroDB wraps the SDK's error, which may wrap the socket's: true when any link says "unavailable". */
export function isUnavailable(error: unknown): boolean {
  for (let link = error, depth = 0; link && depth < 6; depth++) {
    const { name, code, errno } = link as { name?: string; code?: string; errno?: string };
    if (
      (name && UNAVAILABLE_NAMES.has(name)) ||
      (code && UNAVAILABLE_CODES.has(code)) ||
      (errno && UNAVAILABLE_CODES.has(errno))
    )
      return true;
    if (link instanceof AggregateError && link.errors.some((inner) => isUnavailable(inner))) return true;
    link = (link as { cause?: unknown }).cause;
  }
  return false;
}

function toDomainError(error: Error): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof z.ZodError) return validationError(error);
  // Recognised by name: importing the PayPal adapter would weigh on every Lambda.
  if (error.name === "PaypalError") {
    const fields = (error as { logFields?: () => Record<string, unknown> }).logFields?.();
    console.error(JSON.stringify(fields ?? { event: "paypal-error", message: error.message }));
    return new DomainError("PAYPAL_ERROR");
  }
  if (error instanceof HTTPException) {
    if (error.status === 400) return new DomainError("BAD_JSON");
    if (error.status === 415) return new DomainError("UNSUPPORTED_MEDIA_TYPE");
    if (error.status === 404) return new DomainError("NOT_FOUND");
    if (error.status === 413) return new DomainError("PAYLOAD_TOO_LARGE");
  }
  if (isUnavailable(error)) return new DomainError("UNAVAILABLE");
  return new DomainError("INTERNAL");
}

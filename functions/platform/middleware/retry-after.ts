import { createMiddleware } from "hono/factory";
import * as z from "zod";
import { DomainError } from "../../../src/domain/errors";
import { errorResponseSchema } from "../contract";

/** A 429 answer's body: the French message, RATE_LIMITED, and the seconds to wait. */
export const rateLimitedSchema =
  globalThis.API_DOCS_OMITTED ||
  errorResponseSchema.extend({
    retry_after: z
      .number()
      .int()
      .positive()
      .describe("Secondes à attendre avant de réessayer (aussi en Retry-After)."),
  });

/** Sends a refused attempt's `retry_after` (seconds) as the standard Retry-After header of its 429. */
export const retryAfterHeader = createMiddleware(async (c, next) => {
  await next();
  const error = c.error;
  if (c.res.status !== 429 || !(error instanceof DomainError)) return;
  const seconds = error.details.retry_after;
  if (typeof seconds === "number" && Number.isFinite(seconds))
    c.res.headers.set("retry-after", String(seconds));
});

import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as z from "zod";
import { DomainError, errorBody } from "../../../src/domain/errors";
import { validationError } from "./validate";

/** The single place where errors become HTTP answers: `{ error, code, ...details }`, never a stack trace. */
export function handleError(error: Error, c: Context): Response {
  const domainError = toDomainError(error);
  if (domainError.code === "INTERNAL") console.error("Unexpected API error", error);
  return c.json(errorBody(domainError), domainError.status as ContentfulStatusCode);
}

function toDomainError(error: Error): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof z.ZodError) return validationError(error);
  if (error instanceof HTTPException) {
    // Hono's validators throw 400 for a body that is not JSON.
    if (error.status === 400) return new DomainError("BAD_JSON");
    if (error.status === 415) return new DomainError("UNSUPPORTED_MEDIA_TYPE");
    if (error.status === 404) return new DomainError("NOT_FOUND");
  }
  return new DomainError("INTERNAL");
}

import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import type { $ZodError } from "zod/v4/core";
import { DomainError } from "../../../src/domain/errors";

/** `{ "field.path": "first message" }` for a zod error, as api.md's VALIDATION errors carry in `fields`. */
export function fieldsOf(error: z.ZodError | $ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: z.ZodError | $ZodError): DomainError {
  return new DomainError("VALIDATION", undefined, { fields: fieldsOf(error) });
}

export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });
}

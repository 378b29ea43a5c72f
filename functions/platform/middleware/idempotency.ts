import { DomainError } from "../../../src/domain/errors";
import { idempotencyKeySchema } from "../../../src/domain/orders/order";

export function idempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) {
    throw new DomainError("VALIDATION", undefined, {
      fields: { "Idempotency-Key": parsed.error.issues[0]?.message },
    });
  }
  return parsed.data;
}

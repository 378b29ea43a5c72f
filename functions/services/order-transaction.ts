import { DomainError } from "../../src/domain/errors";

/** What each item of an order transaction stands for, in the order the items were written. */
export type TransactionPart =
  | { kind: "stock"; productName: string }
  | { kind: "promo" }
  | { kind: "promo_user" }
  | { kind: "idempotency" }
  | { kind: "other" };

export interface CancellationReason {
  rejected: boolean;
  code: string;
}

export type CancellationOutcome =
  | { retry: true }
  | { retry: false; replay: true }
  | { retry: false; error: DomainError };

/**
 * Turns DynamoDB's cancellation reasons into what the shop does next: retry when another transaction touched
 * the same items at the same moment, replay the first order for a reused Idempotency-Key, or the domain error
 * of the first condition that failed (the last units sold, the promo used up, today's use already made).
 */
export function explainCancellation(
  reasons: readonly CancellationReason[],
  parts: readonly TransactionPart[],
): CancellationOutcome {
  const failed = reasons
    .map((reason, index) => ({ reason, part: parts[index] ?? { kind: "other" as const } }))
    .filter(({ reason }) => reason.rejected);
  const conditional = failed.filter(({ reason }) => reason.code === "ConditionalCheckFailed");
  if (conditional.some(({ part }) => part.kind === "idempotency")) return { retry: false, replay: true };
  const first = conditional[0];
  if (!first) return { retry: true };
  switch (first.part.kind) {
    case "stock":
      return {
        retry: false,
        error: new DomainError(
          "OUT_OF_STOCK",
          `Stock insuffisant pour « ${first.part.productName} ». Ajustez la quantité de votre panier.`,
          { product: first.part.productName },
        ),
      };
    case "promo":
      return { retry: false, error: new DomainError("PROMO_EXHAUSTED") };
    case "promo_user":
      return { retry: false, error: new DomainError("PROMO_USER_LIMIT") };
    default:
      return { retry: false, error: new DomainError("CONFLICT") };
  }
}

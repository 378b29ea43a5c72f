import { describe, expect, it } from "vitest";
import { DomainError } from "../../src/domain/errors";
import { explainCancellation, type TransactionPart } from "./order-transaction";

const parts: TransactionPart[] = [
  { kind: "stock", productName: "Savon Premium" },
  { kind: "stock", productName: "Savon Traditionnel" },
  { kind: "promo" },
  { kind: "promo_user" },
  { kind: "other" },
  { kind: "idempotency" },
];
const none = { rejected: false, code: "None" };
const failed = { rejected: true, code: "ConditionalCheckFailed" };
const conflict = { rejected: true, code: "TransactionConflict" };

function reasons(overrides: Record<number, { rejected: boolean; code: string }>) {
  return parts.map((_, index) => overrides[index] ?? none);
}

describe("explainCancellation", () => {
  it("names the product whose stock ran out", () => {
    const outcome = explainCancellation(reasons({ 1: failed }), parts);
    expect(outcome.retry).toBe(false);
    const error = (outcome as { error: DomainError }).error;
    expect(error.code).toBe("OUT_OF_STOCK");
    expect(error.status).toBe(409);
    expect(error.message).toContain("Savon Traditionnel");
  });

  it.each([
    [2, "PROMO_EXHAUSTED"],
    [3, "PROMO_USER_LIMIT"],
    [4, "CONFLICT"],
  ])("maps a failed condition on item %s to %s", (index, code) => {
    const outcome = explainCancellation(reasons({ [index]: failed }), parts);
    expect((outcome as { error: DomainError }).error.code).toBe(code);
  });

  it("retries when transactions collided and no condition failed", () => {
    expect(explainCancellation(reasons({ 0: conflict, 2: conflict }), parts)).toEqual({ retry: true });
  });

  it("prefers a failed condition over a collision", () => {
    const outcome = explainCancellation(reasons({ 0: conflict, 2: failed }), parts);
    expect((outcome as { error: DomainError }).error.code).toBe("PROMO_EXHAUSTED");
  });

  it("replays the first order when the Idempotency-Key was already used", () => {
    expect(explainCancellation(reasons({ 0: failed, 5: failed }), parts)).toEqual({
      retry: false,
      replay: true,
    });
  });

  it("returns DomainErrors", () => {
    const outcome = explainCancellation(reasons({ 0: failed }), parts);
    expect((outcome as { error: unknown }).error).toBeInstanceOf(DomainError);
  });
});

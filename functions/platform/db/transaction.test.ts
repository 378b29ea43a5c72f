import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../../src/domain/errors";
import { explainCancellation, type TransactionItem } from "./transaction";

const items: Pick<TransactionItem, "onFailed">[] = [
  { onFailed: new DomainError("OUT_OF_STOCK", "Stock insuffisant pour « Savon Premium ».") },
  { onFailed: new DomainError("OUT_OF_STOCK", "Stock insuffisant pour « Savon Traditionnel ».") },
  { onFailed: new DomainError("PROMO_EXHAUSTED") },
  { onFailed: "stale" },
  {},
  { onFailed: "replay" },
];
const none = { rejected: false, code: "None" };
const failed = { rejected: true, code: "ConditionalCheckFailed" };
const conflict = { rejected: true, code: "TransactionConflict" };

function reasons(overrides: Record<number, { rejected: boolean; code: string }>) {
  return items.map((_, index) => overrides[index] ?? none);
}

function meaning(overrides: Record<number, { rejected: boolean; code: string }>) {
  const outcome = explainCancellation(reasons(overrides), items);
  if (outcome.retry) throw new Error("expected no retry");
  return outcome.meaning;
}

describe("explainCancellation", () => {
  it("gives the meaning of the item whose condition failed", () => {
    const error = meaning({ 1: failed });
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe("OUT_OF_STOCK");
    expect((error as DomainError).message).toContain("Savon Traditionnel");
    expect(meaning({ 3: failed })).toBe("stale");
  });

  it("takes the first failed condition when several failed", () => {
    expect((meaning({ 2: failed, 3: failed }) as DomainError).code).toBe("PROMO_EXHAUSTED");
  });

  it("answers 409 CONFLICT for a condition that has no stated meaning", () => {
    expect((meaning({ 4: failed }) as DomainError).code).toBe("CONFLICT");
  });

  it("retries a collision with another transaction, and only that", () => {
    expect(explainCancellation(reasons({ 0: conflict, 2: conflict }), items)).toEqual({ retry: true });
    expect(() =>
      explainCancellation(reasons({ 0: { rejected: true, code: "ValidationError" } }), items),
    ).toThrow(/ValidationError/);
  });

  it("retries an item DynamoDB throttled inside the transaction, as a collision: nothing was written", () => {
    for (const code of ["ThrottlingError", "ProvisionedThroughputExceeded"])
      expect(explainCancellation(reasons({ 1: { rejected: true, code } }), items)).toEqual({ retry: true });
    expect(
      explainCancellation(reasons({ 0: { rejected: true, code: "ThrottlingError" }, 3: conflict }), items),
    ).toEqual({ retry: true });
  });

  it("prefers a failed condition over a collision: a failed condition is never retried blindly", () => {
    expect((meaning({ 0: conflict, 2: failed }) as DomainError).code).toBe("PROMO_EXHAUSTED");
  });

  it("replays the first request when its Idempotency-Key was already used, whatever else failed", () => {
    expect(meaning({ 0: failed, 5: failed })).toBe("replay");
  });
});

describe("the one transaction helper", () => {
  it("is the only code that writes a DynamoDB transaction", () => {
    const root = join(import.meta.dirname, "..", ".."); // functions/
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
    );
    const writers = files.filter((file) =>
      /\bcreateWriteTransaction\b|\.service\.transaction|transaction\s*\.write\(|TransactWrite(Items)?Command\b/.test(
        readFileSync(join(root, file), "utf8"),
      ),
    );
    expect(writers).toEqual([join("platform", "db", "transaction.ts")]);
  });
});

import { describe, expect, it } from "vitest";
import { assertSameRequest, canonicalJson, requestFingerprint } from "./fingerprint";

describe("the fingerprint of a request under an Idempotency-Key", () => {
  it("does not depend on key order, nor on members left undefined", () => {
    expect(canonicalJson({ b: [1, { d: 2, c: undefined, a: null }], a: "x" })).toBe(
      '{"a":"x","b":[1,{"a":null,"d":2}]}',
    );
    expect(requestFingerprint("paypal", { items: [1], total: 2 })).toBe(
      requestFingerprint("paypal", { total: 2, items: [1], note: undefined }),
    );
  });

  it("differs with any value, the order of a list, or the operation", () => {
    const base = requestFingerprint("bank_transfer", { items: [{ id: 1, quantity: 1 }] });
    expect(requestFingerprint("bank_transfer", { items: [{ id: 1, quantity: 2 }] })).not.toBe(base);
    expect(requestFingerprint("paypal", { items: [{ id: 1, quantity: 1 }] })).not.toBe(base);
    expect(requestFingerprint("bank_transfer", { items: [{ id: 1, quantity: "1" }] })).not.toBe(base);
  });

  it("refuses another request under a stored key with 422, replays the same one and a key without fingerprint", () => {
    expect(() => assertSameRequest({ fingerprint: "a" }, "b")).toThrow(
      expect.objectContaining({ code: "IDEMPOTENCY_KEY_REUSED", status: 422 }),
    );
    expect(() => assertSameRequest({ fingerprint: "a" }, "a")).not.toThrow();
    expect(() => assertSameRequest({}, "a")).not.toThrow();
    expect(() => assertSameRequest(null, "a")).not.toThrow();
  });
});

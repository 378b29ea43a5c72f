import { createHash } from "node:crypto";
import { keyReuseRefusal } from "../../../src/domain/orders/plan-order/checks";

/**
 * The fingerprint of a request made under an Idempotency-Key (draft-ietf-httpapi-idempotency-key-header-07 §2.4):
 * the SHA-256 of its canonical JSON, i.e. the validated body (what the route's schema answered, so spacing, key
 * order and the fields the schema trims or drops do not count) with its object keys sorted, plus the operation it
 * asks for (a bank-transfer order and a PayPal hold are different requests even with the same cart).
 */
export function requestFingerprint(operation: string, body: unknown): string {
  return createHash("sha256").update(canonicalJson({ operation, body })).digest("base64url");
}

/** JSON with every object's keys sorted, undefined members left out as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, member]) => `${JSON.stringify(name)}:${canonicalJson(member)}`);
  return `{${members.join(",")}}`;
}

/** The check of a key already stored (keyReuseRefusal, src/domain/orders/plan-order.ts), thrown: 422 for another request. */
export function assertSameRequest(
  stored: { fingerprint?: string } | null | undefined,
  fingerprint: string,
): void {
  const refusal = keyReuseRefusal(stored, fingerprint);
  if (refusal) throw refusal;
}

import { createHash } from "node:crypto";
import { keyReuseRefusal } from "../../../src/domain/orders/plan-order/checks";

/**
 * draft-ietf-httpapi-idempotency-key-header-07 §2.4: the SHA-256 of the validated body's canonical JSON (so spacing
 * and key order do not count) plus the operation (a transfer order and a PayPal hold differ even with one cart).
 */
export function requestFingerprint(operation: string, body: unknown): string {
  return createHash("sha256").update(canonicalJson({ operation, body })).digest("base64url");
}

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, member]) => `${JSON.stringify(name)}:${canonicalJson(member)}`);
  return `{${members.join(",")}}`;
}

export function assertSameRequest(
  stored: { fingerprint?: string } | null | undefined,
  fingerprint: string,
): void {
  const refusal = keyReuseRefusal(stored, fingerprint);
  if (refusal) throw refusal;
}

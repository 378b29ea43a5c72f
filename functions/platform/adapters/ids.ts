import { randomBytes } from "node:crypto";
import { ulid } from "ulid";

/** Sortable unique ids (ULID); the last 8 characters are random, so they can be shown as an order number. */
export function newId(): string {
  return ulid();
}

/** A random URL-safe secret (session and reset tokens, generated passwords): `bytes` of entropy. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

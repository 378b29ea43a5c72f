import { describe, expect, it } from "vitest";
import { displayName, emailSchema, normalizeEmail, passwordSchema } from "./account";

describe("normalizeEmail", () => {
  it.each([
    [" Marie@Example.FR ", "marie@example.fr"],
    ["a@b.fr", "a@b.fr"],
  ])("%j -> %j", (raw, normalized) => {
    expect(normalizeEmail(raw)).toBe(normalized);
    expect(emailSchema.parse(raw)).toBe(normalized);
  });

  it.each(["", "   ", "pas-un-email", "a@", "@b.fr"])("refuses %j", (raw) => {
    expect(emailSchema.safeParse(raw).success).toBe(false);
  });
});

describe("passwordSchema", () => {
  it.each([
    ["12345", false],
    ["123456", true],
    ["x".repeat(128), true],
    ["x".repeat(129), false],
  ])("%j -> %s", (password, ok) => {
    expect(passwordSchema.safeParse(password).success).toBe(ok);
  });
});

describe("displayName", () => {
  it.each([
    [{ full_name: "Marie Curie", email: "marie@example.fr" }, "Marie Curie"],
    [{ full_name: "  ", email: "jean.dupont@example.fr" }, "jean.dupont"],
    [{ full_name: null, email: null }, "Utilisateur"],
    [{}, "Utilisateur"],
  ])("%j -> %s", (user, name) => {
    expect(displayName(user)).toBe(name);
  });
});

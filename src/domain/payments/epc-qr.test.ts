import { describe, expect, it } from "vitest";
import type { Cents } from "../money";
import {
  creditorReference,
  EPC_LIMITS,
  type EpcTransfer,
  epcAmount,
  epcPayload,
  isCreditorReference,
} from "./epc-qr";

const transfer: EpcTransfer = {
  beneficiary: "Marie Dupont EI",
  iban: "FR76 3000 6000 0112 3456 7890 189",
  bic: "agrifrpp",
  amount: 1234 as Cents,
  reference: "CMD-01ABCDEF",
};

describe("creditorReference (ISO 11649)", () => {
  it("matches the standard's own example", () => {
    expect(creditorReference("5390 0754 7034")).toBe("RF18539007547034");
    expect(isCreditorReference("RF18539007547034")).toBe(true);
  });

  it("keeps the order reference's letters and digits, with check digits a bank accepts", () => {
    const reference = creditorReference("CMD-01ABCDEF");
    expect(reference).toMatch(/^RF\d{2}CMD01ABCDEF$/);
    expect(isCreditorReference(reference as string)).toBe(true);
    expect(reference?.length).toBeLessThanOrEqual(EPC_LIMITS.structuredRemittance);
  });

  it.each([
    ["RF19539007547034", false],
    ["RF18539007547035", false],
    ["RF18", false],
    ["XX18539007547034", false],
  ])("%s is valid: %s", (value, valid) => {
    expect(isCreditorReference(value)).toBe(valid);
  });

  it("refuses what cannot be one (nothing alphanumeric, more than 21 characters)", () => {
    expect(creditorReference("---")).toBeNull();
    expect(creditorReference("A".repeat(22))).toBeNull();
    expect(creditorReference("A".repeat(21))).toMatch(/^RF\d{2}A{21}$/);
  });
});

describe("epcAmount", () => {
  it.each([
    [1234, "EUR12.34"],
    [1, "EUR0.01"],
    [1000, "EUR10.00"],
    [99_999_999_999, "EUR999999999.99"],
  ])("%i cents -> %s", (cents, text) => {
    expect(epcAmount(cents as Cents)).toBe(text);
  });
});

describe("epcPayload", () => {
  it("writes the guideline's fields in order, one per line, the reference in the structured field", () => {
    const result = epcPayload(transfer);
    expect(result.ok).toBe(true);
    const lines = (result as { payload: string }).payload.split("\n");
    expect(lines).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "AGRIFRPP",
      "Marie Dupont EI",
      "FR7630006000011234567890189",
      "EUR12.34",
      "",
      creditorReference("CMD-01ABCDEF"),
    ]);
    // No unstructured remittance after the structured one, and no trailing line break.
    expect((result as { payload: string }).payload.endsWith("\n")).toBe(false);
  });

  it("leaves the BIC empty when the shop gave none (version 002, inside the EEA)", () => {
    const result = epcPayload({ ...transfer, bic: "" });
    expect(result.ok && result.payload.split("\n")[4]).toBe("");
  });

  it("keeps the account holder's name exactly, accents included (UTF-8), up to 70 characters", () => {
    const name = "Savonnerie d'Alep — Hélène Çelik";
    const result = epcPayload({ ...transfer, beneficiary: name });
    expect(result.ok && result.payload.split("\n")[5]).toBe(name);
    const seventy = "É".repeat(70);
    expect(epcPayload({ ...transfer, beneficiary: seventy }).ok).toBe(true);
  });

  it.each<[string, Partial<EpcTransfer>]>([
    ["no account holder", { beneficiary: "  " }],
    ["a name over 70 characters (never shortened)", { beneficiary: "A".repeat(71) }],
    ["a line break in the name", { beneficiary: "Marie\nDupont" }],
    ["no IBAN", { iban: "" }],
    ["an IBAN with wrong check digits", { iban: "FR76 3000 6000 0112 3456 7890 188" }],
    ["a malformed BIC", { bic: "AGRI" }],
    ["an amount of zero", { amount: 0 as Cents }],
    ["an amount over 999 999 999,99 EUR", { amount: 100_000_000_000 as Cents }],
    ["a fractional amount of cents", { amount: 12.5 as Cents }],
    ["no reference", { reference: "" }],
  ])("gives no QR code for %s", (_, change) => {
    const result = epcPayload({ ...transfer, ...change });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toBeTruthy();
  });

  it("stays within the 331 bytes a version 13 code holds at level M with the longest fields", () => {
    const result = epcPayload({
      beneficiary: "É".repeat(70),
      iban: "FR76 3000 6000 0112 3456 7890 189",
      bic: "AGRIFRPPXXX",
      amount: EPC_LIMITS.maxAmount,
      reference: "A".repeat(21),
    });
    expect(result.ok).toBe(true);
    expect(new TextEncoder().encode((result as { payload: string }).payload).length).toBeLessThanOrEqual(
      EPC_LIMITS.payloadBytes,
    );
  });
});

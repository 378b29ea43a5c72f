import { describe, expect, it } from "vitest";
import { compactIban, formatIban, isValidBic, isValidIban } from "./bank-details";

describe("isValidIban", () => {
  it.each([
    ["FR76 3000 6000 0112 3456 7890 189", true],
    ["fr7630006000011234567890189", true],
    ["DE89 3704 0044 0532 0130 00", true],
    ["BE68 5390 0754 7034", true],
    // One digit changed: the check digits no longer match.
    ["FR76 3000 6000 0112 3456 7890 188", false],
    ["FR77 3000 6000 0112 3456 7890 189", false],
    ["", false],
    ["FR76", false],
    ["1234 5678 9012 3456", false],
    ["FR76 3000 6000 0112 3456 7890 18!", false],
  ])("%s -> %s", (iban, valid) => {
    expect(isValidIban(iban)).toBe(valid);
  });
});

describe("formatIban / compactIban", () => {
  it("groups by four and removes spaces", () => {
    expect(formatIban("fr7630006000011234567890189")).toBe("FR76 3000 6000 0112 3456 7890 189");
    expect(compactIban(" FR76 3000 6000 ")).toBe("FR7630006000");
  });
});

describe("isValidBic", () => {
  it.each([
    ["AGRIFRPP", true],
    ["AGRIFRPP882", true],
    ["agrifrpp", true],
    ["AGRIFR", false],
    ["AGRIFRPP88", false],
    ["1GRIFRPP", false],
    ["", false],
  ])("%s -> %s", (bic, valid) => {
    expect(isValidBic(bic)).toBe(valid);
  });
});

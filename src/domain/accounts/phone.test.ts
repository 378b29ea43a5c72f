import { describe, expect, it } from "vitest";
import { displayPhone, formatPhoneInput, normalizePhone, phoneToInput } from "./phone";

describe("formatPhoneInput", () => {
  it.each([
    ["0612345678", "06 12 34 56 78"],
    ["06-12.34 56 78", "06 12 34 56 78"],
    ["061", "06 1"],
    ["abc", ""],
    ["0612345678999", "06 12 34 56 78"],
  ])("%j -> %j", (raw, shown) => {
    expect(formatPhoneInput(raw)).toBe(shown);
    expect(formatPhoneInput(raw).length).toBeLessThanOrEqual(14);
  });
});

describe("normalizePhone", () => {
  it.each([
    ["06 12 34 56 78", "+33612345678"],
    ["612345678", "+33612345678"],
    ["+33 6 12 34 56 78", "+33612345678"],
    ["0033612345678", "+33612345678"],
    ["01 23 45 67 89", "+33123456789"],
  ])("%j -> %s", (raw, stored) => {
    expect(normalizePhone(raw)).toBe(stored);
  });

  it.each(["", "12", "06 12 34 56", "0012345678", "abcdefghij", "06 12 34 56 78 90"])("refuses %j", (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });
});

describe("display", () => {
  it("shows the stored number with the +33 prefix in pairs", () => {
    expect(displayPhone("+33612345678")).toBe("+33 6 12 34 56 78");
    expect(phoneToInput("+33612345678")).toBe("06 12 34 56 78");
  });
});

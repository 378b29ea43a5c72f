import { describe, expect, it } from "vitest";
import {
  allocateLots,
  allocationOrder,
  type BatchStock,
  expiryKey,
  lotsLabel,
  lotsToGiveBack,
} from "./batches";

const lot = (lot: string, fields: Partial<BatchStock>): BatchStock => ({
  lot,
  made_on: "2026-01-10",
  remaining: 10,
  ...fields,
});

describe("expiryKey", () => {
  it.each([
    ["the expiry date when there is one", { expires_on: "2028-03-01", pao_months: 12 }, "2028-03-01"],
    ["the making date plus the PAO otherwise", { pao_months: 12 }, "2027-01-10"],
    ["PAO across a year end", { made_on: "2026-11-30", pao_months: 14 }, "2028-01-30"],
    ["the making date when neither is known", {}, "2026-01-10"],
  ])("%s", (_, fields, expected) => {
    expect(expiryKey(lot("L", fields))).toBe(expected);
  });
});

describe("allocateLots: first-expiring first", () => {
  it.each<[string, BatchStock[], number, ReturnType<typeof allocateLots>]>([
    [
      "takes the lot that expires first",
      [lot("B", { expires_on: "2028-01-01" }), lot("A", { expires_on: "2027-06-01" })],
      3,
      [{ lot: "A", quantity: 3 }],
    ],
    [
      "goes on to the next lot when the first runs out",
      [lot("A", { expires_on: "2027-06-01", remaining: 2 }), lot("B", { expires_on: "2028-01-01" })],
      5,
      [
        { lot: "A", quantity: 2 },
        { lot: "B", quantity: 3 },
      ],
    ],
    [
      "skips empty lots",
      [lot("A", { expires_on: "2027-06-01", remaining: 0 }), lot("B", { expires_on: "2028-01-01" })],
      1,
      [{ lot: "B", quantity: 1 }],
    ],
    [
      "compares an expiry date with making date + PAO",
      [lot("PAO", { made_on: "2026-01-10", pao_months: 12 }), lot("EXP", { expires_on: "2027-02-01" })],
      1,
      [{ lot: "PAO", quantity: 1 }],
    ],
    [
      "without expiry or PAO, the oldest making date first",
      [lot("NEW", { made_on: "2026-05-01" }), lot("OLD", { made_on: "2026-02-01" })],
      1,
      [{ lot: "OLD", quantity: 1 }],
    ],
    [
      "ties broken by lot number (numeric order)",
      [lot("L10", { expires_on: "2027-06-01" }), lot("L9", { expires_on: "2027-06-01" })],
      1,
      [{ lot: "L9", quantity: 1 }],
    ],
    [
      "units the lots do not cover are left unlisted, never refused",
      [lot("A", { remaining: 2 })],
      5,
      [{ lot: "A", quantity: 2 }],
    ],
    ["no lots recorded: nothing listed", [], 3, []],
  ])("%s", (_, batches, quantity, expected) => {
    expect(allocateLots(batches, quantity)).toEqual(expected);
  });

  it("sorts without changing its input", () => {
    const input = [lot("B", { expires_on: "2028-01-01" }), lot("A", { expires_on: "2027-01-01" })];
    expect(allocationOrder(input).map((b) => b.lot)).toEqual(["A", "B"]);
    expect(input.map((b) => b.lot)).toEqual(["B", "A"]);
  });
});

describe("lotsToGiveBack", () => {
  const line = [
    { lot: "A", quantity: 2 },
    { lot: "B", quantity: 3 },
  ];
  it.each<[string, { lot: string; quantity: number }[], number, { lot: string; quantity: number }[]]>([
    [
      "the whole line back to its lots",
      [],
      5,
      [
        { lot: "B", quantity: 3 },
        { lot: "A", quantity: 2 },
      ],
    ],
    ["a part goes to the last lot taken first", [], 1, [{ lot: "B", quantity: 1 }]],
    ["less what an earlier return gave back", [{ lot: "B", quantity: 3 }], 2, [{ lot: "A", quantity: 2 }]],
    [
      "never more than the line took (rest unrecorded)",
      [{ lot: "B", quantity: 2 }],
      4,
      [
        { lot: "B", quantity: 1 },
        { lot: "A", quantity: 2 },
      ],
    ],
  ])("%s", (_, returned, quantity, expected) => {
    expect(lotsToGiveBack(line, returned, quantity)).toEqual(expected);
  });
});

describe("lotsLabel", () => {
  it.each<[string, { lot: string; quantity: number }[] | undefined, number, string]>([
    ["one lot", [{ lot: "L2611", quantity: 2 }], 2, "Lot L2611 × 2"],
    [
      "two lots",
      [
        { lot: "A", quantity: 1 },
        { lot: "B", quantity: 2 },
      ],
      3,
      "Lot A × 1, lot B × 2",
    ],
    ["some units not covered", [{ lot: "A", quantity: 1 }], 3, "Lot A × 1, lot non enregistré × 2"],
    ["no lot at all", undefined, 2, "Lot non enregistré × 2"],
  ])("%s", (_, lots, quantity, expected) => {
    expect(lotsLabel(lots, quantity)).toBe(expected);
  });
});

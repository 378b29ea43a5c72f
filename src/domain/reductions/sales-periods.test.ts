import { describe, expect, it } from "vitest";
import {
  nationalSalesPeriods,
  onSaleLongEnough,
  ruleFirstDay,
  salesPeriod,
  salesPeriodContaining,
} from "./sales-periods";

/** The first days the government published (economie.gouv.fr, « Soldes »), for the years no arrêté moved. */
const PUBLISHED: [number, string, string][] = [
  [2019, "2019-01-09", "2019-06-26"],
  [2022, "2022-01-12", "2022-06-22"],
  [2023, "2023-01-11", "2023-06-28"],
  [2024, "2024-01-10", "2024-06-26"],
  [2025, "2025-01-08", "2025-06-25"],
  [2026, "2026-01-07", "2026-06-24"],
];

describe("the national sales periods", () => {
  it.each(PUBLISHED)("%i starts on the published days", (year, winter, summer) => {
    expect(ruleFirstDay(year, "winter")).toBe(winter);
    expect(ruleFirstDay(year, "summer")).toBe(summer);
  });

  it("gives other days than the published ones only where an arrêté moved them (2020 summer, 2021)", () => {
    // Moved to 15 July 2020, 20 January 2021 and 30 June 2021 during the epidemic.
    expect(ruleFirstDay(2020, "summer")).toBe("2020-06-24");
    expect(ruleFirstDay(2021, "winter")).toBe("2021-01-06");
    expect(ruleFirstDay(2021, "summer")).toBe("2021-06-23");
    expect(salesPeriod(2021, "winter", { "2021-winter": "2021-01-20" }).firstDay).toBe("2021-01-20");
  });

  it.each([
    // [year, winter first day, winter last day, summer first day, summer last day]
    [2026, "2026-01-07", "2026-02-03", "2026-06-24", "2026-07-21"],
    [2027, "2027-01-06", "2027-02-02", "2027-06-23", "2027-07-20"],
    [2028, "2028-01-12", "2028-02-08", "2028-06-28", "2028-07-25"],
    [2029, "2029-01-10", "2029-02-06", "2029-06-27", "2029-07-24"],
    [2030, "2030-01-09", "2030-02-05", "2030-06-26", "2030-07-23"],
  ])("%i: winter %s to %s, summer %s to %s, four weeks each", (year, wFirst, wLast, sFirst, sLast) => {
    const [winter, summer] = nationalSalesPeriods(year);
    expect([winter?.firstDay, winter?.lastDay, summer?.firstDay, summer?.lastDay]).toEqual([
      wFirst,
      wLast,
      sFirst,
      sLast,
    ]);
  });

  it("starts at 8:00 Paris time and ends at midnight after its last day", () => {
    const winter = salesPeriod(2027, "winter");
    expect(winter.start.toISOString()).toBe("2027-01-06T07:00:00.000Z");
    expect(winter.end.toISOString()).toBe("2027-02-02T23:00:00.000Z");
    const summer = salesPeriod(2027, "summer");
    expect(summer.start.toISOString()).toBe("2027-06-23T06:00:00.000Z");
    expect(summer.end.toISOString()).toBe("2027-07-20T22:00:00.000Z");
  });

  it("contains a reduction only when it lies wholly inside one period", () => {
    const winter = salesPeriod(2027, "winter");
    expect(salesPeriodContaining(winter.start, winter.end)?.season).toBe("winter");
    const early = new Date(winter.start.getTime() - 60_000);
    expect(salesPeriodContaining(early, winter.end)).toBeNull();
    const late = new Date(winter.end.getTime() + 60_000);
    expect(salesPeriodContaining(winter.start, late)).toBeNull();
    expect(
      salesPeriodContaining(new Date("2027-03-01T08:00:00Z"), new Date("2027-03-08T08:00:00Z")),
    ).toBeNull();
    expect(salesPeriodContaining(winter.end, winter.start)).toBeNull();
  });

  it("admits only goods on sale a month before the start (L310-3)", () => {
    const summer = salesPeriod(2027, "summer");
    expect(onSaleLongEnough(new Date("2027-05-23T06:00:00.000Z"), summer)).toBe(true);
    expect(onSaleLongEnough(new Date("2027-05-23T06:00:00.001Z"), summer)).toBe(false);
    expect(onSaleLongEnough(new Date("2027-06-20T10:00:00.000Z"), summer)).toBe(false);
  });
});

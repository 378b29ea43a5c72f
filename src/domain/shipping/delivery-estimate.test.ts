import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  addWorkingDays,
  easterSunday,
  frenchPublicHolidays,
  isParisDay,
  isWorkingDay,
  PUBLISHED_DELIVERY_WORKING_DAYS,
  publishedDeliveryEstimate,
} from "./delivery-estimate";

describe("the published delivery delay", () => {
  it("is the upper bound of what the CGV and the checkout say: « 2 à 3 jours ouvrés »", () => {
    const cgv = readFileSync(new URL("../../pages/cgv.astro", import.meta.url), "utf8");
    const checkout = readFileSync(
      new URL("../../islands/checkout/DeliverySection.tsx", import.meta.url),
      "utf8",
    );
    expect(cgv.replace(/\s+/g, " ")).toContain(`2 à ${PUBLISHED_DELIVERY_WORKING_DAYS} jours ouvrés`);
    expect(checkout.replace(/\s+/g, " ")).toContain(`2-${PUBLISHED_DELIVERY_WORKING_DAYS} jours ouvrés`);
  });
});

describe("working days", () => {
  it("knows Easter, and the eleven public holidays of metropolitan France", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect([...frenchPublicHolidays(2026)].sort()).toEqual([
      "2026-01-01",
      "2026-04-06",
      "2026-05-01",
      "2026-05-08",
      "2026-05-14",
      "2026-05-25",
      "2026-07-14",
      "2026-08-15",
      "2026-11-01",
      "2026-11-11",
      "2026-12-25",
    ]);
  });

  it("are Monday to Friday, not a public holiday", () => {
    expect(isWorkingDay("2026-12-07")).toBe(true); // a Monday
    expect(isWorkingDay("2026-12-05")).toBe(false); // a Saturday
    expect(isWorkingDay("2026-12-06")).toBe(false); // a Sunday
    expect(isWorkingDay("2026-12-25")).toBe(false); // Christmas, a Friday
  });

  it("are counted after the day, skipping weekends and holidays", () => {
    expect(addWorkingDays("2026-12-07", 3)).toBe("2026-12-10"); // Monday -> Thursday
    expect(addWorkingDays("2026-12-10", 3)).toBe("2026-12-15"); // Thursday -> Tuesday
    expect(addWorkingDays("2026-12-05", 3)).toBe("2026-12-09"); // Saturday -> Wednesday
    expect(addWorkingDays("2026-12-23", 3)).toBe("2026-12-29"); // over Christmas
    expect(addWorkingDays("2026-12-30", 3)).toBe("2027-01-05"); // over the new year
    expect(addWorkingDays("2026-05-07", 3)).toBe("2026-05-13"); // over 8 May
  });
});

describe("the estimate of a parcel shipped by label", () => {
  it("is the third working day after the label's day", () => {
    expect(publishedDeliveryEstimate("2026-12-07")).toBe("2026-12-10");
    expect(publishedDeliveryEstimate("2026-12-11")).toBe("2026-12-16");
  });

  it("is asked only for a day", () => {
    expect(isParisDay("2026-12-07")).toBe(true);
    expect(isParisDay("2026-02-30")).toBe(false);
    expect(isParisDay("")).toBe(false);
    expect(() => publishedDeliveryEstimate("")).toThrow();
  });
});

import { describe, expect, it } from "vitest";
import { parcelEventsView } from "./parcel-events";

const PC1 = {
  code: "PC1",
  label: "Votre colis a été déposé dans un point postal.",
  at: "2026-11-23T16:10:00.000Z",
};
const ET1 = { code: "ET1", label: "Votre colis est en transit.", at: "2026-11-24T03:40:00.000Z" };
const DI1 = { code: "DI1", label: "Votre colis est livré.", at: "2026-11-24T10:15:00.000Z" };

describe("parcelEventsView", () => {
  it("shows nothing while La Poste knows nothing", () => {
    expect(parcelEventsView([])).toEqual([]);
    expect(parcelEventsView(undefined)).toEqual([]);
    expect(parcelEventsView(null)).toEqual([]);
  });

  it("lists the newest first, with La Poste's French text and the Paris date and time", () => {
    expect(parcelEventsView([PC1, ET1, DI1])).toEqual([
      {
        key: "2-DI1-2026-11-24T10:15:00.000Z",
        code: "DI1",
        label: "Votre colis est livré.",
        at: "2026-11-24T10:15:00.000Z",
        when: "mardi 24 novembre 2026 à 11:15",
      },
      {
        key: "1-ET1-2026-11-24T03:40:00.000Z",
        code: "ET1",
        label: "Votre colis est en transit.",
        at: "2026-11-24T03:40:00.000Z",
        when: "mardi 24 novembre 2026 à 04:40",
      },
      {
        key: "0-PC1-2026-11-23T16:10:00.000Z",
        code: "PC1",
        label: "Votre colis a été déposé dans un point postal.",
        at: "2026-11-23T16:10:00.000Z",
        when: "lundi 23 novembre 2026 à 17:10",
      },
    ]);
  });

  it.each([
    // Summer time: UTC+2; the Paris day differs from the UTC day late in the evening.
    ["2026-07-14T22:30:00.000Z", "mercredi 15 juillet 2026 à 00:30"],
    // Winter time: UTC+1.
    ["2026-01-05T07:00:00.000Z", "lundi 5 janvier 2026 à 08:00"],
    // A date with La Poste's offset is the same instant.
    ["2026-03-09T09:38:00+01:00", "lundi 9 mars 2026 à 09:38"],
  ])("dates %s in Paris time", (at, when) => {
    expect(parcelEventsView([{ code: "ET1", label: "En transit", at }])[0]?.when).toBe(when);
  });

  it("shows the code when La Poste gave no text", () => {
    expect(parcelEventsView([{ ...PC1, label: " " }])[0]?.label).toBe("PC1");
  });

  it("gives every event its own key", () => {
    const keys = parcelEventsView([PC1, PC1, DI1]).map((event) => event.key);
    expect(new Set(keys).size).toBe(3);
  });
});

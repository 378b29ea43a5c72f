import { describe, expect, it } from "vitest";
import { parisDaysBetween } from "../paris-time";
import { defaultTransferFollowUp } from "../settings/settings-constants";
import { cancellationDay, transferFollowUp } from "./transfer-follow-up";

const setting = defaultTransferFollowUp; // remind after 5 days, cancel after 10

describe("parisDaysBetween", () => {
  it.each([
    // Winter (UTC+1): Paris midnight is 23:00 UTC the day before.
    ["2026-01-10T10:00:00Z", "2026-01-10T22:59:59Z", 0],
    ["2026-01-10T10:00:00Z", "2026-01-10T23:00:00Z", 1],
    // Summer (UTC+2): Paris midnight is 22:00 UTC the day before.
    ["2026-07-10T10:00:00Z", "2026-07-10T21:59:59Z", 0],
    ["2026-07-10T10:00:00Z", "2026-07-10T22:00:00Z", 1],
    // An order at 00:30 on 11 January in Paris (23:30 UTC on the 10th) belongs to its Paris day, not to UTC's.
    ["2026-01-10T23:30:00Z", "2026-01-11T22:59:59Z", 0],
    ["2026-01-10T23:30:00Z", "2026-01-11T23:00:00Z", 1],
    // Across the spring clock change (29 March 2026) and the autumn one (25 October 2026).
    ["2026-03-27T12:00:00Z", "2026-03-31T21:59:59Z", 4],
    ["2026-03-27T12:00:00Z", "2026-03-31T22:00:00Z", 5],
    ["2026-10-22T12:00:00Z", "2026-10-26T22:59:59Z", 4],
    ["2026-10-22T12:00:00Z", "2026-10-26T23:00:00Z", 5],
  ])("%s -> %s: %i", (from, to, expected) => {
    expect(parisDaysBetween(new Date(from), new Date(to))).toBe(expected);
  });
});

describe("transferFollowUp", () => {
  // Placed on 1 March 2026 at 23:50 Paris time (winter, UTC+1).
  const late = { created_at: "2026-03-01T22:50:00Z" };
  // Placed on 1 July 2026 at 00:05 Paris time (summer, UTC+2): 30 June in UTC.
  const early = { created_at: "2026-06-30T22:05:00Z" };

  it.each([
    // Winter: the reminder day begins on 6 March at 00:00 Paris (5 March 23:00 UTC).
    [late, "2026-03-05T22:59:59Z", null],
    [late, "2026-03-05T23:00:00Z", "remind"],
    // The cancellation day begins on 11 March at 00:00 Paris.
    [late, "2026-03-10T22:59:59Z", "remind"],
    [late, "2026-03-10T23:00:00Z", "cancel"],
    // Summer: reminder from 6 July 00:00 Paris (5 July 22:00 UTC), cancellation from 11 July 00:00 Paris.
    [early, "2026-07-05T21:59:59Z", null],
    [early, "2026-07-05T22:00:00Z", "remind"],
    [early, "2026-07-10T21:59:59Z", "remind"],
    [early, "2026-07-10T22:00:00Z", "cancel"],
  ] as const)("%o at %s: %s", (order, now, step) => {
    expect(transferFollowUp(order, new Date(now), setting)).toBe(step);
  });

  it("reminds once: an order already reminded waits for its cancellation", () => {
    const reminded = { ...late, transfer_reminded_at: "2026-03-06T08:00:00Z" };
    expect(transferFollowUp(reminded, new Date("2026-03-08T12:00:00Z"), setting)).toBeNull();
    expect(transferFollowUp(reminded, new Date("2026-03-11T12:00:00Z"), setting)).toBe("cancel");
  });

  it("cancels after M days even when no reminder went out", () => {
    expect(transferFollowUp(late, new Date("2026-04-30T12:00:00Z"), setting)).toBe("cancel");
  });

  it("follows the owner's delays", () => {
    const quick = { remind_after_days: 1, cancel_after_days: 2 };
    expect(transferFollowUp(late, new Date("2026-03-01T23:00:00Z"), quick)).toBe("remind");
    expect(transferFollowUp(late, new Date("2026-03-02T23:00:00Z"), quick)).toBe("cancel");
  });
});

describe("cancellationDay", () => {
  it("is the Paris day M days after the order's Paris day", () => {
    const day = cancellationDay("2026-03-01T22:50:00Z", setting);
    expect(day.toLocaleDateString("fr-FR", { timeZone: "Europe/Paris" })).toBe("11/03/2026");
  });
});

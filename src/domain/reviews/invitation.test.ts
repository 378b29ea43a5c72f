import { describe, expect, it } from "vitest";
import { invitationDue, optOutTokenOf, reviewOptOutPath } from "./invitation";

const delivered = (at: string) => ({
  status: "delivered",
  items: [{ product_id: 1 }],
  status_history: [
    { status: "shipped", at: "2026-10-01T08:00:00.000Z" },
    { status: "delivered", at },
  ],
});

describe("invitationDue", () => {
  const now = new Date("2026-11-20T09:30:00.000Z");

  it("is due from the set number of days after the delivery, for 30 days more", () => {
    expect(invitationDue(delivered("2026-11-13T09:30:00.000Z"), now, 7)).toBe(true);
    expect(invitationDue(delivered("2026-11-13T09:30:00.001Z"), now, 7)).toBe(false);
    expect(invitationDue(delivered("2026-10-14T09:30:00.000Z"), now, 7)).toBe(true);
    expect(invitationDue(delivered("2026-10-14T09:29:59.999Z"), now, 7)).toBe(false);
  });

  it("is never due when invitations are off, nor for an order not delivered", () => {
    expect(invitationDue(delivered("2026-11-01T09:30:00.000Z"), now, 0)).toBe(false);
    expect(invitationDue({ ...delivered("2026-11-01T09:30:00.000Z"), status: "returned" }, now, 7)).toBe(
      false,
    );
    expect(invitationDue({ status: "delivered", items: [], status_history: [] }, now, 7)).toBe(false);
  });
});

describe("the opt-out link", () => {
  it("carries its token in the fragment, read back only when well formed", () => {
    const token = "a".repeat(43);
    const path = reviewOptOutPath(token);
    expect(path).toBe(`/avis-clients/desinscription#jeton=${token}`);
    expect(optOutTokenOf(path.slice(path.indexOf("#")))).toBe(token);
    expect(optOutTokenOf("#jeton=abc")).toBeNull();
    expect(optOutTokenOf("")).toBeNull();
  });
});

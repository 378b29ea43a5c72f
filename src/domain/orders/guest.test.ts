import { describe, expect, it } from "vitest";
import { guestUserId } from "../accounts/guest-account";
import {
  guestLinkClosesAt,
  guestLinkOpen,
  guestLinkReach,
  guestPromoUseSubject,
  guestTokenFromHash,
  guestTrackingPath,
  guestWithdrawalPath,
  idempotencyScope,
  isGuestOrder,
  promoUseSubject,
  promoUseSubjectOf,
} from "./guest";

const home = { country: "France", postal_code: "13001", address_line1: "5 rue du Four" };
const TOKEN = `${"a".repeat(21)}-_${"Z9".repeat(10)}`;

describe("who a guest is", () => {
  it("is her normalised e-mail, apart from any account id", () => {
    expect(isGuestOrder({ user_id: "guest:lina@example.fr" })).toBe(true);
    expect(isGuestOrder({ user_id: "01JABCDEF" })).toBe(false);
  });

  it("keeps guests' Idempotency-Keys together, whatever the e-mail, and an account's apart", () => {
    expect(idempotencyScope(guestUserId("lina@example.fr"))).toBe(
      idempotencyScope(guestUserId("lena@example.fr")),
    );
    expect(idempotencyScope("01JABCDEF")).toBe("01JABCDEF");
    expect(idempotencyScope(guestUserId("lina@example.fr"))).not.toBe(idempotencyScope("01JABCDEF"));
  });

  it("counts a customer's promo uses by her account's normalised e-mail", () => {
    expect(promoUseSubject("Lina@Example.fr")).toBe(promoUseSubject(" lina@example.fr"));
    expect(promoUseSubject("lina@example.fr")).not.toBe(promoUseSubject("lena@example.fr"));
    expect(promoUseSubjectOf({ id: "01JABCDEF", email: "Lina@Example.fr" }, home)).toBe(
      promoUseSubject("lina@example.fr"),
    );
  });

  it("counts a guest's by her e-mail with her delivery address, never by the account's count", () => {
    const guest = { id: guestUserId("lina@example.fr"), email: "Lina@Example.fr " };
    expect(promoUseSubjectOf(guest, home)).toBe(guestPromoUseSubject("lina@example.fr", home));
    expect(promoUseSubjectOf(guest, { ...home, address_line1: "5, Rue du  Four" })).toBe(
      promoUseSubjectOf(guest, home),
    );
    // Her e-mail typed by someone sending the parcel elsewhere is not her.
    expect(promoUseSubjectOf(guest, { ...home, address_line1: "40 avenue Foch" })).not.toBe(
      promoUseSubjectOf(guest, home),
    );
    expect(promoUseSubjectOf(guest, home)).not.toBe(promoUseSubject("lina@example.fr"));
  });
});

describe("a guest link", () => {
  it("carries its token in the fragment, read back only when well formed", () => {
    expect(guestTrackingPath("01JORDER", TOKEN)).toBe(`/orders/track/01JORDER#acces=${TOKEN}`);
    expect(guestWithdrawalPath("01JORDER", TOKEN)).toBe(`/retractation?commande=01JORDER#acces=${TOKEN}`);
    expect(guestTokenFromHash(`#acces=${TOKEN}`)).toBe(TOKEN);
    expect(guestTokenFromHash(`acces=${TOKEN}&x=1`)).toBe(TOKEN);
    expect(guestTokenFromHash("#acces=court")).toBeNull();
    expect(guestTokenFromHash("")).toBeNull();
    expect(guestTokenFromHash(`#acces=${TOKEN}"><script>`)).toBeNull();
  });

  const placed = {
    status: "pending",
    status_history: [{ status: "pending", at: "2026-01-10T09:00:00.000Z" }],
  };
  const delivered = {
    status: "delivered",
    status_history: [
      ...placed.status_history,
      { status: "confirmed", at: "2026-01-10T10:00:00.000Z" },
      { status: "shipped", at: "2026-01-11T10:00:00.000Z" },
      { status: "delivered", at: "2026-01-13T15:00:00.000Z" },
    ],
  };

  it("stays open while the order is on its way", () => {
    expect(guestLinkClosesAt(placed)).toBeNull();
    expect(guestLinkOpen(placed, new Date("2040-01-01T00:00:00Z"))).toBe(true);
  });

  it("closes two years after delivery (the warranty of conformity), not a second before", () => {
    expect(guestLinkClosesAt(delivered)?.toISOString()).toBe("2028-01-13T15:00:00.000Z");
    expect(guestLinkOpen(delivered, new Date("2028-01-13T14:59:59.999Z"))).toBe(true);
    expect(guestLinkOpen(delivered, new Date("2028-01-13T15:00:00.000Z"))).toBe(false);
  });

  it("opens a guest order, tells the holder to sign in once it joined an account, and nothing once that is erased", () => {
    const now = new Date("2027-01-01T00:00:00Z");
    const guests = { ...delivered, user_id: "guest:lina@example.fr", customer_email: "lina@example.fr" };
    expect(guestLinkReach(guests, now)).toBe("open");
    expect(guestLinkReach({ ...guests, user_id: "01JACCOUNT" }, now)).toBe("in_account");
    expect(guestLinkReach({ ...guests, user_id: "01JACCOUNT", customer_email: "" }, now)).toBe("closed");
    // Past the warranty, neither: the link says nothing of the order.
    const later = new Date("2028-06-01T00:00:00Z");
    expect(guestLinkReach(guests, later)).toBe("closed");
    expect(guestLinkReach({ ...guests, user_id: "01JACCOUNT" }, later)).toBe("closed");
  });

  it("closes two years after a cancellation too", () => {
    const cancelled = {
      status: "cancelled",
      status_history: [...placed.status_history, { status: "cancelled", at: "2026-02-01T08:00:00.000Z" }],
    };
    expect(guestLinkClosesAt(cancelled)?.toISOString()).toBe("2028-02-01T08:00:00.000Z");
  });
});

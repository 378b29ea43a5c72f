import { describe, expect, it } from "vitest";
import { adminPromoSchema } from "../admin/admin";
import {
  type AdminPromo,
  discountLabel,
  emptyPromoForm,
  localDateTimeToIso,
  promoFormFrom,
  promoPayload,
  toLocalDateTimeInput,
  usageLabel,
  usageOrderLabel,
  usageUserLabel,
} from "./admin-promos";

const now = new Date(2026, 4, 1, 9, 30); // local time, whatever the machine's zone

describe("local date-times", () => {
  it("shows a moment as the datetime-local input does and reads it back", () => {
    expect(toLocalDateTimeInput(now)).toBe("2026-05-01T09:30");
    expect(localDateTimeToIso("2026-05-01T09:30")).toBe(now.toISOString());
    expect(toLocalDateTimeInput(now.toISOString())).toBe("2026-05-01T09:30");
  });

  it.each(["", "  ", "demain", "2026-05-01", "2026-13-45T99:99"])("%j is no date -> null", (text) => {
    expect(localDateTimeToIso(text)).toBeNull();
  });

  it("leaves missing dates empty", () => {
    expect(toLocalDateTimeInput(null)).toBe("");
    expect(toLocalDateTimeInput("not a date")).toBe("");
  });
});

describe("the promo form", () => {
  it("starts with the spec's defaults: percentage, minimum 0, one use per user, starting now", () => {
    expect(emptyPromoForm(now)).toMatchObject({
      discount_type: "percentage",
      min_order_amount: "0",
      max_uses_per_user: "1",
      is_active: true,
      starts_at: "2026-05-01T09:30",
      expires_at: "",
      max_discount_amount: "",
      usage_limit: "",
    });
  });

  it("sends the code in upper case and empty limits and expiry as null, accepted by the API's schema", () => {
    const payload = promoPayload(
      { ...emptyPromoForm(now), code: " ete-2026 ", discount_value: "15", description: " Été " },
      now,
    );
    expect(payload).toEqual({
      code: "ETE-2026",
      description: "Été",
      discount_type: "percentage",
      discount_value: 15,
      min_order_amount: 0,
      max_discount_amount: null,
      usage_limit: null,
      max_uses_per_user: 1,
      is_active: true,
      starts_at: now.toISOString(),
      expires_at: null,
      combines_with_soldes: false,
    });
    expect(adminPromoSchema.safeParse(payload).success).toBe(true);
  });

  it("sends every filled field parsed", () => {
    const payload = promoPayload(
      {
        ...emptyPromoForm(now),
        code: "BIENVENUE",
        discount_type: "fixed_amount",
        discount_value: "7,50",
        min_order_amount: "30",
        max_discount_amount: "10",
        usage_limit: "100",
        max_uses_per_user: "2",
        starts_at: "",
        expires_at: "2026-06-01T00:00",
      },
      now,
    );
    expect(payload).toMatchObject({
      discount_type: "fixed_amount",
      discount_value: 7.5,
      min_order_amount: 30,
      max_discount_amount: 10,
      usage_limit: 100,
      max_uses_per_user: 2,
      starts_at: now.toISOString(),
      expires_at: new Date(2026, 5, 1, 0, 0).toISOString(),
    });
    expect(adminPromoSchema.safeParse(payload).success).toBe(true);
  });

  it("round-trips a stored code", () => {
    const promo: AdminPromo = {
      id: "p1",
      code: "NOEL",
      description: "Noël",
      discount_type: "fixed_amount",
      discount_value: 5,
      min_order_amount: 20,
      max_discount_amount: null,
      usage_limit: 50,
      usage_count: 3,
      max_uses_per_user: 1,
      is_active: false,
      starts_at: now.toISOString(),
      expires_at: null,
      combines_with_soldes: true,
    };
    const { id: _id, usage_count: _count, ...editable } = promo;
    expect(promoPayload(promoFormFrom(promo), now)).toEqual(editable);
  });
});

describe("combining with « Soldes »", () => {
  it("is unchecked on a new code's form, and kept as stored on an edited one", () => {
    expect(emptyPromoForm(now).combines_with_soldes).toBe(false);
    expect(promoPayload(emptyPromoForm(now), now).combines_with_soldes).toBe(false);
    const stored = promoFormFrom({
      id: "p2",
      code: "SOLDES",
      description: "",
      discount_type: "percentage",
      discount_value: 10,
      min_order_amount: 0,
      max_discount_amount: null,
      usage_limit: null,
      usage_count: 0,
      max_uses_per_user: 1,
      is_active: true,
      starts_at: now.toISOString(),
      expires_at: null,
      combines_with_soldes: true,
    });
    expect(promoPayload(stored, now).combines_with_soldes).toBe(true);
  });
});

describe("table cells", () => {
  it.each([
    ["percentage", 15, "15%"],
    ["percentage", 12.5, "12,5%"],
    ["fixed_amount", 5, "€5"],
    ["fixed_amount", 7.5, "€7,50"],
  ] as const)("discount %s %d -> %s", (discount_type, discount_value, label) => {
    expect(discountLabel({ discount_type, discount_value })).toBe(label);
  });

  it("usage: 'Illimité' without a limit, else count/limit with the share to one decimal", () => {
    expect(usageLabel({ usage_count: 4, usage_limit: null })).toEqual({ text: "Illimité", percent: null });
    expect(usageLabel({ usage_count: 1, usage_limit: 3 })).toEqual({ text: "1/3", percent: "33,3%" });
    expect(usageLabel({ usage_count: 0, usage_limit: 10 })).toEqual({ text: "0/10", percent: "0,0%" });
    expect(usageLabel({ usage_count: 10, usage_limit: 10 })).toEqual({ text: "10/10", percent: "100,0%" });
  });

  it("usage history: the user's name, else e-mail, else 'User' and 8 characters of the id", () => {
    expect(usageUserLabel("01HXYZABCDEFG", { full_name: "Lina Moreau", email: "l@x.fr" })).toBe(
      "Lina Moreau",
    );
    expect(usageUserLabel("01HXYZABCDEFG", { full_name: " ", email: "l@x.fr" })).toBe("l@x.fr");
    expect(usageUserLabel("01HXYZABCDEFG", null)).toBe("User 01HXYZAB");
    // A guest's use (issue 32): her e-mail, said to be a guest's.
    expect(usageUserLabel("guest:lina@example.fr", null)).toBe("lina@example.fr (invité)");
  });

  it("usage history: the order's last 8 characters, else N/A", () => {
    expect(usageOrderLabel("01HXYZABCDEFGHJK")).toBe("ABCDEFGHJK".slice(-8));
    expect(usageOrderLabel(null)).toBe("N/A");
    expect(usageOrderLabel("")).toBe("N/A");
  });
});

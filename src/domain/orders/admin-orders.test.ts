import { describe, expect, it } from "vitest";
import { adminOrderUpdateSchema } from "../admin/admin";
import {
  customerLabel,
  freeShippingReached,
  needsCancelConfirmation,
  normalizeSearch,
  orderEditForm,
  orderMatches,
  orderPaymentTone,
  orderUpdatePayload,
  paymentStatusChoices,
  shippingInfoState,
} from "./admin-orders";

describe("the order edit form", () => {
  it("starts from the order, missing texts empty", () => {
    expect(
      orderEditForm({
        status: "confirmed",
        payment_status: "completed",
        shipping_company: null,
        tracking_number: "6A123",
        estimated_delivery: "2026-05-12",
        shipping_notes: null,
      }),
    ).toEqual({
      status: "confirmed",
      payment_status: "completed",
      shipping_company: "",
      tracking_number: "6A123",
      estimated_delivery: "2026-05-12",
      shipping_notes: "",
    });
  });

  it("sends trimmed texts the API's schema accepts (empty clears), and only the statuses that changed", () => {
    const form = {
      status: "shipped",
      payment_status: "pending",
      shipping_company: " Colissimo ",
      tracking_number: " 6A123 ",
      estimated_delivery: "",
      shipping_notes: "  ",
    } as const;
    const payload = orderUpdatePayload(form, { status: "confirmed", payment_status: "pending" });
    expect(payload).toEqual({
      status: "shipped",
      shipping_company: "Colissimo",
      tracking_number: "6A123",
      estimated_delivery: "",
      shipping_notes: "",
    });
    expect(adminOrderUpdateSchema.safeParse(payload).success).toBe(true);
    expect(orderUpdatePayload(form, { status: "shipped", payment_status: "completed" })).toEqual({
      payment_status: "pending",
      shipping_company: "Colissimo",
      tracking_number: "6A123",
      estimated_delivery: "",
      shipping_notes: "",
    });
  });

  it("does not cancel a cancelled order again when its notes are saved", () => {
    const cancelled = { status: "cancelled", payment_status: "failed" } as const;
    const form = {
      ...orderEditForm({
        ...cancelled,
        shipping_company: null,
        tracking_number: null,
        estimated_delivery: null,
        shipping_notes: null,
      }),
      shipping_notes: "Remboursé",
    };
    expect(orderUpdatePayload(form, cancelled)).not.toHaveProperty("status");
  });

  it.each([
    ["pending", "cancelled", true],
    ["shipped", "cancelled", true],
    ["cancelled", "cancelled", false],
    ["pending", "shipped", false],
  ] as const)("from %s to %s asks for confirmation: %s", (current, next, asks) => {
    expect(needsCancelConfirmation(current, next)).toBe(asks);
  });
});

describe("order card", () => {
  it.each([
    [100, 100, true],
    [100.01, 100, true],
    [99.99, 100, false],
    [0.3, 0.3, true],
  ])(
    "subtotal %d, threshold %d: free shipping reached %s",
    (subtotal_amount, free_shipping_threshold, ok) => {
      expect(freeShippingReached({ subtotal_amount, free_shipping_threshold })).toBe(ok);
    },
  );

  it.each([
    ["shipped", "Colissimo", null, "complete"],
    ["shipped", null, "6A123", "incomplete"],
    ["shipped", "  ", null, "incomplete"],
    ["delivered", "Chronopost", null, "complete"],
    ["delivered", null, null, "none"],
    ["confirmed", "Colissimo", null, "none"],
  ] as const)(
    "%s with carrier %j and tracking %j -> %s",
    (status, shipping_company, tracking_number, state) => {
      expect(shippingInfoState({ status, shipping_company, tracking_number })).toBe(state);
    },
  );

  it("names the customer by full name, else e-mail", () => {
    expect(customerLabel({ user: { full_name: "Lina Moreau", email: "l@x.fr" } })).toBe("Lina Moreau");
    expect(customerLabel({ user: { full_name: "", email: "l@x.fr" } })).toBe("l@x.fr");
  });
});

describe("orderMatches", () => {
  const order = {
    status: "pending" as const,
    payment_status: "pending" as const,
    order_number: "J0ESMC4T",
    transfer_reference: "CMD-J0ESMC4T",
    user: { full_name: "Hélène Dupré", email: "Helene.Dupre@Example.fr" },
  };
  it.each<[string, Parameters<typeof orderMatches>[1], boolean]>([
    ["no filter", {}, true],
    ["its status", { status: "pending" }, true],
    ["another status", { status: "shipped" }, false],
    ["its payment status", { payment_status: "pending" }, true],
    ["another payment status", { payment_status: "completed" }, false],
    ["both, one wrong", { status: "pending", payment_status: "failed" }, false],
    ["the number, any case", { q: "j0esmc4t" }, true],
    ["the number with #", { q: "#J0ESMC4T" }, true],
    ["part of the number", { q: "mc4" }, true],
    ["the transfer reference", { q: "cmd-j0esmc4t" }, true],
    ["the name without accents", { q: "helene dupre" }, true],
    ["the name with accents, other case", { q: "HÉLÈNE" }, true],
    ["the e-mail", { q: "dupre@example" }, true],
    ["blank words: everything", { q: "   " }, true],
    ["someone else", { q: "martin" }, false],
    ["words and a status", { q: "helene", status: "cancelled" }, false],
  ])("%s -> %s", (_name, filters, expected) => {
    expect(orderMatches(order, filters)).toBe(expected);
  });

  it("normalizes searches: case, accents, spaces around", () => {
    expect(normalizeSearch("  Élodie Ñúñez ")).toBe("elodie nunez");
  });
});

describe("the order card's payment", () => {
  it.each<[string, Parameters<typeof orderPaymentTone>[0], string]>([
    ["paid", { status: "confirmed", payment_status: "completed" }, "success"],
    ["awaited", { status: "pending", payment_status: "pending" }, "waiting"],
    ["failed", { status: "pending", payment_status: "failed" }, "danger"],
    ["refunded", { status: "cancelled", payment_status: "refunded" }, "neutral"],
    ["partly refunded", { status: "delivered", payment_status: "partially_refunded" }, "info"],
    [
      "paid, then cancelled: the refund waits",
      { status: "cancelled", payment_status: "completed" },
      "waiting",
    ],
    ["unknown", { status: "confirmed", payment_status: "other" as "completed" }, "neutral"],
  ])("%s -> %s", (_name, order, tone) => {
    expect(orderPaymentTone(order)).toBe(tone);
  });

  it("offers « Partiellement remboursé » only to an order already in it", () => {
    expect(paymentStatusChoices("completed")).toEqual(["pending", "completed", "failed", "refunded"]);
    expect(paymentStatusChoices("partially_refunded")).toEqual([
      "pending",
      "completed",
      "failed",
      "refunded",
      "partially_refunded",
    ]);
  });
});

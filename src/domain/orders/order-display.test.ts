import { describe, expect, it } from "vitest";
import {
  deliveryStepIndex,
  formatLongDate,
  formatOrderDate,
  hasTrackingDetails,
  invoiceAvailable,
  trackingIdFromLocation,
  trackingUrl,
} from "./order-display";

describe("order dates", () => {
  it("formats the order date in Paris time, fr-FR", () => {
    expect(formatOrderDate("2026-05-14T09:30:00.000Z")).toBe("14 mai 2026");
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(formatOrderDate("2025-12-31T23:30:00.000Z")).toBe("1 janvier 2026");
    expect(formatOrderDate("pas une date")).toBe("pas une date");
  });

  it("formats the estimated delivery as a long date, a plain day never shifted", () => {
    expect(formatLongDate("2026-05-14")).toBe("jeudi 14 mai 2026");
    expect(formatLongDate("2026-05-14T22:30:00.000Z")).toBe("vendredi 15 mai 2026");
    expect(formatLongDate("?")).toBe("?");
  });
});

describe("trackingIdFromLocation", () => {
  it("reads the id from the path, or from ?id= on the shell's own address", () => {
    expect(trackingIdFromLocation("/orders/track/01KBQ9ZJ4M5N6P7Q8R9S0T1V2W")).toBe(
      "01KBQ9ZJ4M5N6P7Q8R9S0T1V2W",
    );
    expect(trackingIdFromLocation("/orders/track/01ABC/")).toBe("01ABC");
    expect(trackingIdFromLocation("/orders/track/", "?id=01ABC")).toBe("01ABC");
    expect(trackingIdFromLocation("/orders/track")).toBeNull();
    expect(trackingIdFromLocation("/orders/track/", "")).toBeNull();
    expect(trackingIdFromLocation("/orders/track/a%2Fb")).toBeNull();
    expect(trackingIdFromLocation("/orders/track/%E0%A4%A")).toBeNull();
  });

  it("builds the tracking address", () => {
    expect(trackingUrl("01ABC")).toBe("/orders/track/01ABC");
  });
});

describe("order facts", () => {
  it("offers the invoice once paid", () => {
    expect(invoiceAvailable({ payment_status: "completed" })).toBe(true);
    expect(invoiceAvailable({ payment_status: "pending" })).toBe(false);
    expect(invoiceAvailable({ payment_status: "failed" })).toBe(false);
    expect(invoiceAvailable({ payment_status: "refunded", invoice_number: "FA-2026-000001" })).toBe(true);
  });

  it("knows whether there is detailed tracking", () => {
    const none = { shipping_company: null, tracking_number: null, estimated_delivery: null };
    expect(hasTrackingDetails(none)).toBe(false);
    expect(hasTrackingDetails({ ...none, shipping_company: " " })).toBe(false);
    expect(hasTrackingDetails({ ...none, tracking_number: "6A123" })).toBe(true);
    expect(hasTrackingDetails({ ...none, estimated_delivery: "2026-05-14" })).toBe(true);
  });

  it("places the status on the delivery steps", () => {
    expect(deliveryStepIndex("pending")).toBe(0);
    expect(deliveryStepIndex("delivered")).toBe(3);
    expect(deliveryStepIndex("cancelled")).toBe(-1);
  });
});

import { describe, expect, it } from "vitest";
import { adminDocumentUrl, creditNoteUrl, invoiceUrl, labelUrl } from "./api-links";

describe("the documents' addresses", () => {
  it("links to the documents", () => {
    expect(invoiceUrl("01ABC")).toBe("/api/user/orders/01ABC/invoice");
    expect(invoiceUrl("01ABC", "credit-note")).toBe("/api/user/orders/01ABC/credit-note");
    expect(adminDocumentUrl("01ABC", "invoice")).toBe("/api/admin/documents/01ABC/invoice");
    expect(adminDocumentUrl("01ABC", "credit-note")).toBe("/api/admin/documents/01ABC/credit-note");
  });

  it("names a credit note by its number, for the owner or the customer", () => {
    expect(creditNoteUrl("01A/B", "AV-2026-000001", "admin")).toBe(
      "/api/admin/documents/01A%2FB/credit-notes/AV-2026-000001",
    );
    expect(creditNoteUrl("01ABC", "AV 1", "customer")).toBe("/api/user/orders/01ABC/credit-notes/AV%201");
  });
});

describe("the labels' addresses", () => {
  it("names the order", () => {
    expect(labelUrl("01JABC/7")).toBe("/api/admin/shipping/orders/01JABC%2F7/label");
  });
});

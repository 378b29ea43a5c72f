import { describe, expect, it } from "vitest";
import { franchiseDocuments } from "../../../tests/fixtures/accounting/documents";
import {
  formatInvoiceNumber,
  invoiceCounterName,
  parseStoredInvoice,
  storedInvoiceWithoutEmail,
  vatTreatment,
} from "./invoice";

describe("invoice numbers", () => {
  it.each([
    ["invoice", 2026, 42, "FA-2026-000042"],
    ["credit_note", 2026, 7, "AV-2026-000007"],
    ["invoice", 2027, 1, "FA-2027-000001"],
  ] as const)("%s %s #%s -> %s", (kind, year, n, number) => {
    expect(formatInvoiceNumber(kind, year, n)).toBe(number);
  });
  it("counts each kind per year", () => {
    expect(invoiceCounterName("invoice", 2026)).toBe("invoice-2026");
  });
});

describe("vatTreatment", () => {
  it("mentions the franchise when the shop is under it", () => {
    expect(vatTreatment("franchise", 20, 12_000)).toEqual({ mode: "franchise" });
  });
  it.each([
    [12_000, 20, 10_000, 2000],
    [2070, 20, 1725, 345],
    [1055, 5.5, 1000, 55],
  ])("%s cents TTC at %s %% -> %s HT + %s TVA", (total, rate, net, vat) => {
    expect(vatTreatment("rate", rate, total)).toEqual({
      mode: "rate",
      rate_percent: rate,
      net_cents: net,
      vat_cents: vat,
    });
  });
});

// Issue 28 item 19: an e-mail is no mention of CGI art. 242 nonies A; documents issued before held one.
describe("stored documents and the customer's e-mail", () => {
  const [issued] = franchiseDocuments;
  if (!issued) throw new Error("fixture");
  const before = JSON.stringify({ ...issued, customer: { ...issued.customer, email: "lina@example.fr" } });

  it("reads a document issued before without its e-mail, everything else as issued", () => {
    const read = parseStoredInvoice(before);
    expect(read).toEqual(issued);
    expect(JSON.stringify(read)).not.toContain("lina@example.fr");
  });

  it("rewrites a stored document only when it holds an e-mail, dropping nothing else", () => {
    const rewritten = storedInvoiceWithoutEmail(before);
    expect(rewritten).not.toBeNull();
    expect(rewritten).not.toContain("lina@example.fr");
    expect(JSON.parse(rewritten ?? "")).toEqual(issued);
    expect(storedInvoiceWithoutEmail(JSON.stringify(issued))).toBeNull();
    expect(parseStoredInvoice(JSON.stringify(issued))).toEqual(issued);
  });
});

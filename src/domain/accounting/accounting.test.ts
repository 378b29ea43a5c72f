import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { franchiseDocuments, vatRateDocuments } from "../../../tests/fixtures/accounting/documents";
import { sirenOf } from "../orders/invoice";
import { parisDay } from "../paris-time";
import { documentAmounts, exportPeriodSchema } from "./accounting";
import { defaultExportPeriod } from "./accounting-period";
import { buildEReportingCsv, csvAmount, eReportingRows } from "./e-reporting";
import { buildFec, FEC_COLUMNS, fecAmount, fecFileName, fecLines } from "./fec";

const golden = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/accounting/${name}`, import.meta.url), "utf8");

describe("accounting helpers", () => {
  it.each([
    ["2026-01-15T22:30:00.000Z", "2026-01-15"], // 23:30 in Paris, winter (UTC+1)
    ["2026-01-15T23:00:00.000Z", "2026-01-16"], // midnight in Paris
    ["2026-07-10T21:30:00.000Z", "2026-07-10"], // 23:30 in Paris, summer (UTC+2)
    ["2026-07-10T22:00:00.000Z", "2026-07-11"],
    ["2026-12-31T23:30:00.000Z", "2027-01-01"],
  ])("the Paris day of %s is %s", (iso, day) => {
    expect(parisDay(new Date(iso))).toBe(day);
  });

  it.each([
    ["123 456 789 00012", "123456789"],
    ["12345678900012", "123456789"],
    ["", ""],
    ["1234", ""],
  ])("the SIREN of SIRET %j is %j", (siret, siren) => {
    expect(sirenOf(siret)).toBe(siren);
  });

  it.each([
    [0, "0,00", "0.00"],
    [5, "0,05", "0.05"],
    [7760, "77,60", "77.60"],
    [123456789, "1234567,89", "1234567.89"],
    [-4270, "42,70", "-42.70"],
    // Never a negative zero (issue 28 item 7).
    [-0, "0,00", "0.00"],
    [-0.4, "0,00", "0.00"],
  ])("writes %i cents as %s in the FEC and %s in the CSV", (cents, fec, csv) => {
    expect(fecAmount(cents)).toBe(fec);
    expect(csvAmount(cents)).toBe(csv);
  });

  it.each([
    [{ from: "2026-01-01", to: "2026-12-31" }, null],
    [{ from: "2024-03-01", to: "2025-02-28" }, null],
    [{ from: "2026-01-01", to: "2026-01-01" }, null],
    [
      { from: "2026-02-01", to: "2026-01-31" },
      "La date de fin doit être postérieure ou égale à la date de début.",
    ],
    [{ from: "2025-01-01", to: "2026-01-02" }, "La période d'un export ne peut pas dépasser un an."],
    [
      { from: "2026-02-30", to: "2026-03-01" },
      "La date de début doit être une date valide au format AAAA-MM-JJ.",
    ],
    [
      { from: "01/01/2026", to: "2026-03-01" },
      "La date de début doit être une date valide au format AAAA-MM-JJ.",
    ],
    [
      { from: "2026-13-01", to: "2026-12-31" },
      "La date de début doit être une date valide au format AAAA-MM-JJ.",
    ],
    [
      { from: "2026-01-01", to: "2026-12-32" },
      "La date de fin doit être une date valide au format AAAA-MM-JJ.",
    ],
    [{ to: "2026-03-01" }, "La date de début est obligatoire (AAAA-MM-JJ)."],
  ])("checks the period %j", (query, message) => {
    const result = exportPeriodSchema.safeParse(query);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });

  it.each([
    ["2026-03-15T12:00:00.000Z", { from: "2026-03-01", to: "2026-03-15" }],
    ["2026-03-31T22:30:00.000Z", { from: "2026-04-01", to: "2026-04-01" }], // 00:30 on 1 April in Paris
  ])("proposes the month so far in Paris at %s", (now, period) => {
    expect(defaultExportPeriod(new Date(now))).toEqual(period);
  });

  it("splits a document's total into goods, shipping and VAT to the cent", () => {
    for (const document of [...franchiseDocuments, ...vatRateDocuments]) {
      const a = documentAmounts(document);
      expect(a.goods_net_cents + a.shipping_net_cents + a.vat_cents, document.number).toBe(
        document.total_cents,
      );
    }
  });
});

describe.each([
  ["franchise", franchiseDocuments],
  ["vat-rate", vatRateDocuments],
])("the exports of the %s company", (name, documents) => {
  it("give the golden FEC file", () => {
    expect(buildFec(documents)).toBe(golden(`fec-${name}.txt`));
  });

  it("give the golden e-reporting file", () => {
    expect(buildEReportingCsv(documents)).toBe(golden(`e-reporting-${name}.csv`));
  });

  it("write the 18 columns of A47 A-1 on every line, tab-separated", () => {
    const lines = buildFec(documents).split("\r\n");
    expect(lines.pop()).toBe("");
    expect(lines[0]).toBe(FEC_COLUMNS.join("\t"));
    for (const line of lines) expect(line.split("\t")).toHaveLength(18);
  });

  it("balance every entry, number entries without gap, and total invoices minus credit notes on 411", () => {
    const lines = fecLines(documents);
    const entries = [...new Set(lines.map((line) => line.entry))];
    expect(entries).toEqual(entries.map((_, i) => i + 1));
    for (const entry of entries) {
      const sum = lines.filter((line) => line.entry === entry).reduce((s, line) => s + line.amount_cents, 0);
      expect(sum, `entry ${entry}`).toBe(0);
    }
    const signed = documents.reduce((s, d) => s + (d.kind === "invoice" ? 1 : -1) * d.total_cents, 0);
    const customers = lines.filter((l) => l.account.num === "411000").reduce((s, l) => s + l.amount_cents, 0);
    expect(customers).toBe(signed);
  });

  it("report each day's net as invoices minus credit notes, summing to the period's", () => {
    const rows = eReportingRows(documents);
    const signed = documents.reduce((s, d) => s + (d.kind === "invoice" ? 1 : -1) * d.total_cents, 0);
    expect(rows.reduce((s, row) => s + row.invoices.gross - row.credit_notes.gross, 0)).toBe(signed);
    for (const row of rows) {
      expect(row.invoices.net + row.invoices.vat).toBe(row.invoices.gross);
      expect(row.credit_notes.net + row.credit_notes.vat).toBe(row.credit_notes.gross);
    }
  });
});

describe("file names", () => {
  it("names the FEC <SIREN>FEC<end of period>.txt", () => {
    expect(fecFileName("123456789", "2026-12-31")).toBe("123456789FEC20261231.txt");
  });

  it("groups a day's documents by VAT treatment when the company leaves the franchise that day", () => {
    const [morning, vat] = [franchiseDocuments[3], vatRateDocuments[3]];
    if (!morning || !vat) throw new Error("fixture");
    const afternoon = { ...vat, issued_at: "2026-01-16T15:00:00.000Z", number: "FA-2026-000010" };
    const rows = eReportingRows([afternoon, morning]);
    expect(rows.map((r) => [r.day, r.treatment, r.rate_percent, r.invoices.count])).toEqual([
      ["2026-01-16", "franchise", null, 1],
      ["2026-01-16", "taux", 20, 1],
    ]);
  });
});

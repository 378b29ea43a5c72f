import { type Cents, centsToDecimalText } from "../money";
import type { InvoiceSnapshot } from "../orders/invoice";
import { parisDay } from "../paris-time";
import { byIssue, documentAmounts } from "./accounting";

/**
 * E-reporting aggregates of the shop's B2C sales (e-invoicing reform: CGI art. 290 and décret n° 2022-1299;
 * impots.gouv.fr/node/14368): for each Paris day and VAT treatment, the number and totals of the invoices issued,
 * those of the credit notes issued, and the net. The shop sells only to consumers, so every document is B2C.
 *
 * A machine file (decision record 016): CSV, ";" separator, a header line, CR LF line ends (RFC 4180), amounts in
 * euros with a dot as decimal separator and two decimals whatever the locale, rates likewise ("20.00"), the
 * franchise (art. 293 B du CGI) as treatment "franchise" with an empty rate and 0.00 VAT.
 */
export const E_REPORTING_COLUMNS = [
  "date",
  "regime_tva",
  "taux_tva",
  "nb_factures",
  "factures_ht",
  "factures_tva",
  "factures_ttc",
  "nb_avoirs",
  "avoirs_ht",
  "avoirs_tva",
  "avoirs_ttc",
  "net_ht",
  "net_tva",
  "net_ttc",
] as const;

interface Totals {
  count: number;
  net: Cents;
  vat: Cents;
  gross: Cents;
}

export interface EReportingRow {
  day: string;
  treatment: "franchise" | "taux";
  rate_percent: number | null;
  invoices: Totals;
  credit_notes: Totals;
}

const empty = (): Totals => ({ count: 0, net: 0, vat: 0, gross: 0 });

/** The rows, by day then treatment (franchise first) then rate; only the days and treatments with a document. */
export function eReportingRows(documents: readonly InvoiceSnapshot[]): EReportingRow[] {
  const rows = new Map<string, EReportingRow>();
  for (const document of [...documents].sort(byIssue)) {
    const amounts = documentAmounts(document);
    const day = parisDay(new Date(document.issued_at));
    const rate = amounts.vat_rate_percent;
    const key = `${day}|${rate === null ? "franchise" : `taux|${rate.toFixed(2).padStart(6, "0")}`}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        day,
        treatment: rate === null ? "franchise" : "taux",
        rate_percent: rate,
        invoices: empty(),
        credit_notes: empty(),
      };
      rows.set(key, row);
    }
    const totals = document.kind === "invoice" ? row.invoices : row.credit_notes;
    totals.count += 1;
    totals.gross += amounts.total_cents;
    totals.vat += amounts.vat_cents;
    totals.net += amounts.total_cents - amounts.vat_cents;
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
}

/** Cents to "12.34" / "-12.34": dot decimal, no grouping, independent of any locale, never "-0.00". */
export function csvAmount(cents: Cents): string {
  return centsToDecimalText(cents);
}

export function eReportingFileName(from: string, to: string): string {
  return `e-reporting-${from}-${to}.csv`;
}

/** The CSV text: header, one line per row, CR LF after each. */
export function buildEReportingCsv(documents: readonly InvoiceSnapshot[]): string {
  const lines = eReportingRows(documents).map((row) =>
    [
      row.day,
      row.treatment,
      row.rate_percent === null ? "" : row.rate_percent.toFixed(2),
      String(row.invoices.count),
      csvAmount(row.invoices.net),
      csvAmount(row.invoices.vat),
      csvAmount(row.invoices.gross),
      String(row.credit_notes.count),
      csvAmount(row.credit_notes.net),
      csvAmount(row.credit_notes.vat),
      csvAmount(row.credit_notes.gross),
      csvAmount(row.invoices.net - row.credit_notes.net),
      csvAmount(row.invoices.vat - row.credit_notes.vat),
      csvAmount(row.invoices.gross - row.credit_notes.gross),
    ].join(";"),
  );
  return [E_REPORTING_COLUMNS.join(";"), ...lines].map((line) => `${line}\r\n`).join("");
}

import type { Cents } from "../money";
import type { InvoiceSnapshot } from "../orders/invoice";
import { parisDay } from "../paris-time";
import { byIssue, documentAmounts } from "./accounting";

/**
 * The FEC (fichier des écritures comptables, Livre des procédures fiscales art. L47 A; format of art. A47 A-1) of
 * the shop's sales, built from its invoices and credit notes. Decision record 016 says what it contains and why.
 *
 * Format (A47 A-1): one header line with the 18 field names in this order, one line per ledger line, fields
 * separated by a tab, lines by CR LF; dates AAAAMMJJ; amounts with a comma as decimal separator and no thousands
 * separator, both Debit and Credit filled (0,00 on the unused side). Every text the builder writes is plain ASCII
 * (account labels, document numbers), so the file reads the same in any of the encodings the norm accepts.
 */
export const FEC_COLUMNS = [
  "JournalCode",
  "JournalLib",
  "EcritureNum",
  "EcritureDate",
  "CompteNum",
  "CompteLib",
  "CompAuxNum",
  "CompAuxLib",
  "PieceRef",
  "PieceDate",
  "EcritureLib",
  "Debit",
  "Credit",
  "EcritureLet",
  "DateLet",
  "ValidDate",
  "Montantdevise",
  "Idevise",
] as const;

/** Accounts of the Plan comptable général (règlement ANC 2014-03), padded to 6 digits as ledgers usually are. */
export const FEC_ACCOUNTS = {
  customers: { num: "411000", lib: "Clients" },
  goods: { num: "707000", lib: "Ventes de marchandises" },
  shipping: { num: "708500", lib: "Ports et frais accessoires factures" },
  vat: { num: "445710", lib: "TVA collectee" },
} as const;

export const FEC_JOURNAL = { code: "VT", lib: "Ventes" } as const;

type Account = (typeof FEC_ACCOUNTS)[keyof typeof FEC_ACCOUNTS];

/** One ledger line; the amount is signed: positive is a debit, negative a credit. */
export interface FecLine {
  entry: number;
  date: string;
  account: Account;
  piece: string;
  label: string;
  amount_cents: Cents;
}

/** "AAAAMMJJ" of a Paris day "YYYY-MM-DD". */
export const fecDate = (day: string) => day.replaceAll("-", "");

/** 1234 -> "12,34"; never a thousands separator, never a sign (the column says the side). */
export function fecAmount(cents: Cents): string {
  const abs = Math.abs(Math.round(cents));
  return `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** The file name A47 A-1 asks for: <SIREN>FEC<AAAAMMJJ>.txt, the date being the end of the period. */
export function fecFileName(siren: string, periodEnd: string): string {
  return `${siren}FEC${fecDate(periodEnd)}.txt`;
}

/**
 * The ledger lines of the documents, one balanced entry per document in the order of issue, entries numbered
 * 1, 2, 3… without gap. An invoice: debit 411 (total), credit 707 (goods net of VAT, after the promo), 7085
 * (shipping charged, net), 44571 (VAT, none under the franchise); a credit note: the same accounts the other way.
 * Zero lines (free shipping, franchise VAT) are left out.
 */
export function fecLines(documents: readonly InvoiceSnapshot[]): FecLine[] {
  const lines: FecLine[] = [];
  [...documents].sort(byIssue).forEach((document, index) => {
    const sign = document.kind === "invoice" ? 1 : -1;
    const amounts = documentAmounts(document);
    const date = parisDay(new Date(document.issued_at));
    const origin = document.refers_to ?? document.cancels;
    const label =
      document.kind === "invoice"
        ? `Facture ${document.number} commande ${document.order_number}`
        : `Avoir ${document.number}${origin ? ` sur facture ${origin}` : ""} commande ${document.order_number}`;
    const line = (account: Account, amount: Cents) => {
      if (amount !== 0) {
        lines.push({ entry: index + 1, date, account, piece: document.number, label, amount_cents: amount });
      }
    };
    line(FEC_ACCOUNTS.customers, sign * amounts.total_cents);
    line(FEC_ACCOUNTS.goods, -sign * amounts.goods_net_cents);
    line(FEC_ACCOUNTS.shipping, -sign * amounts.shipping_net_cents);
    line(FEC_ACCOUNTS.vat, -sign * amounts.vat_cents);
  });
  return lines;
}

/** Tabs and line breaks would break the record: a label never carries them. */
const field = (value: string) => value.replace(/[\t\r\n]+/g, " ");

/** The FEC file's text: header, then one record per line, CR LF after each. */
export function buildFec(documents: readonly InvoiceSnapshot[]): string {
  const records = fecLines(documents).map((line) =>
    [
      FEC_JOURNAL.code,
      FEC_JOURNAL.lib,
      String(line.entry),
      fecDate(line.date),
      line.account.num,
      line.account.lib,
      "",
      "",
      line.piece,
      fecDate(line.date),
      line.label,
      fecAmount(line.amount_cents > 0 ? line.amount_cents : 0),
      fecAmount(line.amount_cents < 0 ? line.amount_cents : 0),
      "",
      "",
      fecDate(line.date),
      "",
      "",
    ]
      .map(field)
      .join("\t"),
  );
  return [FEC_COLUMNS.join("\t"), ...records].map((record) => `${record}\r\n`).join("");
}

import type { Cents } from "../money";
import type { InvoiceSnapshot } from "../orders/invoice";
import { parisDay } from "../paris-time";
import { byIssue, documentAmounts } from "./accounting";

/**
 * The FEC of the shop's sales: Livre des procédures fiscales art. L47 A, format of art. A47 A-1; decision record 016.
 * Plain ASCII throughout, so the file reads the same in any encoding the norm accepts.
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

/** Plan comptable général (règlement ANC 2014-03), padded to 6 digits. */
export const FEC_ACCOUNTS = {
  customers: { num: "411000", lib: "Clients" },
  goods: { num: "707000", lib: "Ventes de marchandises" },
  shipping: { num: "708500", lib: "Ports et frais accessoires factures" },
  vat: { num: "445710", lib: "TVA collectee" },
} as const;

export const FEC_JOURNAL = { code: "VT", lib: "Ventes" } as const;

type Account = (typeof FEC_ACCOUNTS)[keyof typeof FEC_ACCOUNTS];

/** Positive is a debit, negative a credit. */
export interface FecLine {
  entry: number;
  date: string;
  account: Account;
  piece: string;
  label: string;
  amount_cents: Cents;
}

export const fecDate = (day: string) => day.replaceAll("-", "");

/** No thousands separator, no sign (the column says the side). */
export function fecAmount(cents: Cents): string {
  const abs = Math.abs(Math.round(cents));
  return `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** A47 A-1: <SIREN>FEC<AAAAMMJJ>.txt, dated at the period's end. */
export function fecFileName(siren: string, periodEnd: string): string {
  return `${siren}FEC${fecDate(periodEnd)}.txt`;
}

/** One balanced entry per document, numbered without gap; zero lines are left out. */
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

const field = (value: string) => value.replace(/[\t\r\n]+/g, " ");

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

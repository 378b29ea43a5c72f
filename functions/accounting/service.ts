import type { ExportPeriod } from "../../src/domain/accounting/accounting";
import { buildEReportingCsv, eReportingFileName } from "../../src/domain/accounting/e-reporting";
import { buildFec, fecFileName } from "../../src/domain/accounting/fec";
import { DomainError } from "../../src/domain/errors";
import {
  formatInvoiceNumber,
  type InvoiceKind,
  type InvoiceSnapshot,
  invoiceCounterName,
  sirenOf,
} from "../../src/domain/orders/invoice";
import { parisDay } from "../../src/domain/paris-time";
import { storedSnapshots } from "../orders/invoices";
import { counterEntity } from "../platform/db/entities/counter";
import type { DataDeps } from "../platform/deps";
import { getSetting } from "../settings/service";

/**
 * No index of documents by date: numbers are continuous per kind and Paris year
 * (docs/decisions/006-counters-and-invoices.md) and the counters hold the last one, so the documents of the (at most
 * two) years touched are fetched by key in BatchGets of 100, then filtered by date. A few thousand items for an
 * artisan's year, no table scan.
 */
export async function periodDocuments(deps: DataDeps, period: ExportPeriod): Promise<InvoiceSnapshot[]> {
  const years: number[] = [];
  for (let year = Number(period.from.slice(0, 4)); year <= Number(period.to.slice(0, 4)); year++)
    years.push(year);
  const kinds: InvoiceKind[] = ["invoice", "credit_note"];
  const keys = (
    await Promise.all(
      years.flatMap((year) =>
        kinds.map(async (kind) => {
          const { data } = await counterEntity(deps.db)
            .get({ name: invoiceCounterName(kind, year) })
            .go();
          return Array.from({ length: data?.value ?? 0 }, (_, i) => ({
            number: formatInvoiceNumber(kind, year, i + 1),
          }));
        }),
      ),
    )
  ).flat();

  const documents = await storedSnapshots(deps, keys);
  return documents.filter((document) => {
    const day = parisDay(new Date(document.issued_at));
    return day >= period.from && day <= period.to;
  });
}

export interface ExportFile {
  filename: string;
  content: string;
}

/** The file is named after the SIREN, so the company settings must have one. */
export async function fecExport(deps: DataDeps, period: ExportPeriod): Promise<ExportFile> {
  const [company, documents] = await Promise.all([
    getSetting(deps, "company_info"),
    periodDocuments(deps, period),
  ]);
  const siren = sirenOf(company.siret);
  if (!siren) {
    throw new DomainError(
      "CONFLICT",
      "Renseignez le SIRET de l'entreprise dans les paramètres : le nom du fichier FEC commence par le SIREN.",
    );
  }
  return { filename: fecFileName(siren, period.to), content: buildFec(documents) };
}

export async function eReportingExport(deps: DataDeps, period: ExportPeriod): Promise<ExportFile> {
  return {
    filename: eReportingFileName(period.from, period.to),
    content: buildEReportingCsv(await periodDocuments(deps, period)),
  };
}

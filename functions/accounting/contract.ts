/** Schemas and words only: the docs function loads it without the code that serves it. */
import { exportPeriodSchema } from "../../src/domain/accounting/accounting";
import { adminOnly, type Contract, errorResponse } from "../platform/contract";

const responses = globalThis.API_DOCS_OMITTED || {
  400: errorResponse("Période invalide (AAAA-MM-JJ, début ≤ fin, un an au plus)"),
  ...adminOnly,
};

export const adminExportsContract = {
  getAdminExportsFec: {
    method: "get",
    path: "/api/admin/exports/fec",
    query: exportPeriodSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary: "Fichier des écritures comptables (FEC) des factures et avoirs d'une période (texte tabulé)",
      responses: {
        200: { description: "<SIREN>FEC<AAAAMMJJ>.txt (text/plain)" },
        ...responses,
        409: errorResponse("SIRET de l'entreprise non renseigné"),
      },
    }),
  },
  getAdminExportsEReporting: {
    method: "get",
    path: "/api/admin/exports/e-reporting",
    query: exportPeriodSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary: "Totaux journaliers des ventes par régime de TVA (e-reporting), CSV",
      responses: { 200: { description: "e-reporting-<début>-<fin>.csv (text/csv)" }, ...responses },
    }),
  },
} satisfies Contract;

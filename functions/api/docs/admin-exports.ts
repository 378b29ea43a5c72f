/**
 * The OpenAPI documentation of routes/admin-exports.ts (functions/api/routes/openapi.ts gathers them): schemas and words only,
 * never services, so the docs function carries no more than the documentation.
 */
import { exportPeriodSchema } from "../../../src/domain/accounting";
import { errorResponseSchema, type RouteDoc } from "../openapi";

const responses = {
  400: {
    description: "Période invalide (AAAA-MM-JJ, début ≤ fin, un an au plus)",
    schema: errorResponseSchema,
  },
  401: { description: "Non connecté", schema: errorResponseSchema },
  403: { description: "Réservé aux administrateurs", schema: errorResponseSchema },
};

export const adminExportsDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/exports/fec",
    tag: "Administration",
    summary: "Fichier des écritures comptables (FEC) des factures et avoirs d'une période (texte tabulé)",
    query: exportPeriodSchema,
    responses: {
      200: { description: "<SIREN>FEC<AAAAMMJJ>.txt (text/plain)" },
      ...responses,
      409: { description: "SIRET de l'entreprise non renseigné", schema: errorResponseSchema },
    },
  },
  {
    method: "get",
    path: "/api/admin/exports/e-reporting",
    tag: "Administration",
    summary: "Totaux journaliers des ventes par régime de TVA (e-reporting), CSV",
    query: exportPeriodSchema,
    responses: { 200: { description: "e-reporting-<début>-<fin>.csv (text/csv)" }, ...responses },
  },
];

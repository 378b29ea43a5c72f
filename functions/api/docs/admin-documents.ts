/**
 * The OpenAPI documentation of routes/admin-documents.ts (functions/api/routes/openapi.ts gathers them): schemas and words only,
 * never services, so the docs function carries no more than the documentation.
 */
import { errorResponseSchema, type RouteDoc } from "../openapi";
import { creditNoteParam, idParam } from "../schemas/params";

const responses = {
  200: { description: "PDF (application/pdf)" },
  401: { description: "Non connecté", schema: errorResponseSchema },
  403: { description: "Réservé aux administrateurs", schema: errorResponseSchema },
  404: { description: "Pas de document pour cette commande", schema: errorResponseSchema },
};

export const adminDocumentsDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/documents/{id}/credit-notes/{number}",
    tag: "Administration",
    summary: "Un avoir PDF d'une commande (annulation ou retour remboursé), par son numéro",
    params: creditNoteParam,
    responses,
  },
  {
    method: "get",
    path: "/api/admin/documents/{id}/invoice",
    tag: "Administration",
    summary: "Facture PDF d'une commande",
    params: idParam,
    responses,
  },
  {
    method: "get",
    path: "/api/admin/documents/{id}/credit-note",
    tag: "Administration",
    summary: "Avoir PDF d'une commande",
    params: idParam,
    responses,
  },
];

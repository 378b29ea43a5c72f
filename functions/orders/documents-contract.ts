/**
 * The contract of functions/api/routes/admin-documents.ts: each operation declared once, bound to its handler there
 * (functions/api/route.ts) and documented from here (functions/api/contracts.ts). Schemas and words only, never
 * services: the docs function loads it without the code that serves it (decision record 023).
 */
import { adminOnly, type Contract, errorResponseSchema } from "../api/contract";
import { creditNoteParam, idParam } from "../api/schemas/params";

const responses = {
  200: { description: "PDF (application/pdf)" },
  ...adminOnly,
  404: { description: "Pas de document pour cette commande", schema: errorResponseSchema },
};

export const adminDocumentsContract = {
  getAdminDocumentsByIdCreditNotesByNumber: {
    method: "get",
    path: "/api/admin/documents/{id}/credit-notes/{number}",
    tag: "Administration",
    summary: "Un avoir PDF d'une commande (annulation ou retour remboursé), par son numéro",
    params: creditNoteParam,
    responses,
  },
  getAdminDocumentsByIdInvoice: {
    method: "get",
    path: "/api/admin/documents/{id}/invoice",
    tag: "Administration",
    summary: "Facture PDF d'une commande",
    params: idParam,
    responses,
  },
  getAdminDocumentsByIdCreditNote: {
    method: "get",
    path: "/api/admin/documents/{id}/credit-note",
    tag: "Administration",
    summary: "Avoir PDF d'une commande",
    params: idParam,
    responses,
  },
} satisfies Contract;

/** Schemas and words only: the docs function loads it without the code that serves it. */
import { adminOnly, type Contract, errorResponse } from "../platform/contract";
import { creditNoteParam, idParam } from "../platform/params";

const responses = globalThis.API_DOCS_OMITTED || {
  200: { description: "PDF (application/pdf)" },
  ...adminOnly,
  404: errorResponse("Pas de document pour cette commande"),
};

export const adminDocumentsContract = {
  getAdminDocumentsByIdCreditNotesByNumber: {
    method: "get",
    path: "/api/admin/documents/{id}/credit-notes/{number}",
    params: creditNoteParam,
    ...(globalThis.API_DOCS_OMITTED || {
      responses,
      tag: "Administration",
      summary: "Un avoir PDF d'une commande (annulation ou retour remboursé), par son numéro",
    }),
  },
  getAdminDocumentsByIdInvoice: {
    method: "get",
    path: "/api/admin/documents/{id}/invoice",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED || {
      responses,
      tag: "Administration",
      summary: "Facture PDF d'une commande",
    }),
  },
  getAdminDocumentsByIdCreditNote: {
    method: "get",
    path: "/api/admin/documents/{id}/credit-note",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED || {
      responses,
      tag: "Administration",
      summary: "Avoir PDF d'une commande",
    }),
  },
} satisfies Contract;

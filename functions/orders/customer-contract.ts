/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import { orderSchema } from "../../src/domain/orders/order";
import { type Contract, errorResponse } from "../platform/contract";
import { creditNoteParam, idParam } from "../platform/params";

const unauthenticated = globalThis.API_DOCS_OMITTED || errorResponse("Non connecté");

const notFound = globalThis.API_DOCS_OMITTED || errorResponse("Commande inconnue ou d'un autre client");

export const customerOrdersContract = {
  getUserOrdersByIdCreditNotesByNumber: {
    method: "get",
    path: "/api/user/orders/{id}/credit-notes/{number}",
    params: creditNoteParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes",
      summary: "Un avoir PDF d'une de mes commandes (annulation ou retour remboursé), par son numéro",
      responses: { 200: { description: "PDF (application/pdf)" }, 401: unauthenticated, 404: notFound },
    }),
  },
  getUserOrders: {
    method: "get",
    path: "/api/user/orders",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes",
      summary: "Mes commandes, la plus récente d'abord",
      responses: { 200: { description: "Commandes", schema: z.array(orderSchema) }, 401: unauthenticated },
    }),
  },
  getUserOrdersById: {
    method: "get",
    path: "/api/user/orders/{id}",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes",
      summary: "Une de mes commandes",
      responses: {
        200: { description: "Commande", schema: orderSchema },
        401: unauthenticated,
        404: notFound,
      },
    }),
  },
  getUserOrdersByIdInvoice: {
    method: "get",
    path: "/api/user/orders/{id}/invoice",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes",
      summary: "La facture PDF d'une de mes commandes payées",
      responses: { 200: { description: "PDF (application/pdf)" }, 401: unauthenticated, 404: notFound },
    }),
  },
  getUserOrdersByIdCreditNote: {
    method: "get",
    path: "/api/user/orders/{id}/credit-note",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes",
      summary: "L'avoir PDF d'une de mes commandes payées puis annulées",
      responses: { 200: { description: "PDF (application/pdf)" }, 401: unauthenticated, 404: notFound },
    }),
  },
} satisfies Contract;

/**
 * The OpenAPI documentation of routes/customer-orders.ts (functions/api/routes/openapi.ts gathers them): schemas and words only,
 * never services, so the docs function carries no more than the documentation.
 */
import * as z from "zod";
import { orderSchema } from "../../../src/domain/order";
import { errorResponseSchema, type RouteDoc } from "../openapi";
import { creditNoteParam, idParam } from "../schemas/params";

const unauthenticated = { description: "Non connecté", schema: errorResponseSchema };

const notFound = { description: "Commande inconnue ou d'un autre client", schema: errorResponseSchema };

export const customerOrdersDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/user/orders/{id}/credit-notes/{number}",
    tag: "Commandes",
    summary: "Un avoir PDF d'une de mes commandes (annulation ou retour remboursé), par son numéro",
    params: creditNoteParam,
    responses: { 200: { description: "PDF (application/pdf)" }, 401: unauthenticated, 404: notFound },
  },
  {
    method: "get",
    path: "/api/user/orders",
    tag: "Commandes",
    summary: "Mes commandes, la plus récente d'abord",
    responses: { 200: { description: "Commandes", schema: z.array(orderSchema) }, 401: unauthenticated },
  },
  {
    method: "get",
    path: "/api/user/orders/{id}",
    tag: "Commandes",
    summary: "Une de mes commandes",
    params: idParam,
    responses: { 200: { description: "Commande", schema: orderSchema }, 401: unauthenticated, 404: notFound },
  },
  {
    method: "get",
    path: "/api/user/orders/{id}/invoice",
    tag: "Commandes",
    summary: "La facture PDF d'une de mes commandes payées",
    params: idParam,
    responses: { 200: { description: "PDF (application/pdf)" }, 401: unauthenticated, 404: notFound },
  },
  {
    method: "get",
    path: "/api/user/orders/{id}/credit-note",
    tag: "Commandes",
    summary: "L'avoir PDF d'une de mes commandes payées puis annulées",
    params: idParam,
    responses: { 200: { description: "PDF (application/pdf)" }, 401: unauthenticated, 404: notFound },
  },
];

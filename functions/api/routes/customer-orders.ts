import { Hono } from "hono";
import * as z from "zod";
import { orderSchema } from "../../../src/domain/order";
import { findCreditNote, findDocument } from "../../services/invoices";
import { getUserOrder, listUserOrders, toOrder, withTransferInstructions } from "../../services/orders";
import type { AppEnv } from "../env";
import { caller, requireUser, withSession } from "../middleware/session";
import { validate } from "../middleware/validate";
import { errorResponseSchema, type RouteDoc } from "../openapi";
import { pdfResponse } from "../pdf-response";

const orderIdParam = z.object({ id: z.string().max(40) });
const creditNoteParam = orderIdParam.extend({ number: z.string().min(1).max(40) });

/**
 * The customer's own orders, their invoices and credit notes. Its own module (and Lambda) because the PDF
 * renderer is the heaviest code of the API: the other functions stay small.
 */
export const customerOrdersRoutes = new Hono<AppEnv>()
  .use(withSession, requireUser)
  .get("/", async (c) => c.json(await listUserOrders(c.var.deps, caller(c).user.id)))
  .get("/:id", validate("param", orderIdParam), async (c) => {
    const order = toOrder(await getUserOrder(c.var.deps, caller(c).user.id, c.req.valid("param").id));
    const [mine] = await withTransferInstructions(c.var.deps, [order]);
    return c.json(mine);
  })
  .get("/:id/invoice", validate("param", orderIdParam), async (c) => {
    const order = await getUserOrder(c.var.deps, caller(c).user.id, c.req.valid("param").id);
    return pdfResponse(c, await findDocument(c.var.deps, order, "invoice"));
  })
  .get("/:id/credit-note", validate("param", orderIdParam), async (c) => {
    const order = await getUserOrder(c.var.deps, caller(c).user.id, c.req.valid("param").id);
    return pdfResponse(c, await findDocument(c.var.deps, order, "credit_note"));
  })
  .get("/:id/credit-notes/:number", validate("param", creditNoteParam), async (c) => {
    const { id, number } = c.req.valid("param");
    const order = await getUserOrder(c.var.deps, caller(c).user.id, id);
    return pdfResponse(c, await findCreditNote(c.var.deps, order, number));
  });

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
    params: orderIdParam,
    responses: { 200: { description: "Commande", schema: orderSchema }, 401: unauthenticated, 404: notFound },
  },
  {
    method: "get",
    path: "/api/user/orders/{id}/invoice",
    tag: "Commandes",
    summary: "La facture PDF d'une de mes commandes payées",
    params: orderIdParam,
    responses: { 200: { description: "PDF (application/pdf)" }, 401: unauthenticated, 404: notFound },
  },
  {
    method: "get",
    path: "/api/user/orders/{id}/credit-note",
    tag: "Commandes",
    summary: "L'avoir PDF d'une de mes commandes payées puis annulées",
    params: orderIdParam,
    responses: { 200: { description: "PDF (application/pdf)" }, 401: unauthenticated, 404: notFound },
  },
];

import { Hono } from "hono";
import * as z from "zod";
import { findCreditNote, findDocument } from "../../services/invoices";
import { getOrder } from "../../services/orders";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/admin";
import { withSession } from "../middleware/session";
import { validate } from "../middleware/validate";
import { errorResponseSchema, type RouteDoc } from "../openapi";
import { pdfResponse } from "../pdf-response";

const idParam = z.object({ id: z.string().min(1).max(40) });
const creditNoteParam = idParam.extend({ number: z.string().min(1).max(40) });

/** Any order's invoice and credit note, for the admin (same guard as the rest of /api/admin). */
export const adminDocumentsRoutes = new Hono<AppEnv>()
  .use(withSession, requireAdmin)
  .get("/:id/invoice", validate("param", idParam), async (c) =>
    pdfResponse(
      c,
      await findDocument(c.var.deps, await getOrder(c.var.deps, c.req.valid("param").id), "invoice"),
    ),
  )
  .get("/:id/credit-note", validate("param", idParam), async (c) =>
    pdfResponse(
      c,
      await findDocument(c.var.deps, await getOrder(c.var.deps, c.req.valid("param").id), "credit_note"),
    ),
  )
  .get("/:id/credit-notes/:number", validate("param", creditNoteParam), async (c) => {
    const { id, number } = c.req.valid("param");
    return pdfResponse(c, await findCreditNote(c.var.deps, await getOrder(c.var.deps, id), number));
  });

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

import { Hono } from "hono";
import { withSession } from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { requireAdmin } from "../platform/middleware/admin";
import { route, routesAt } from "../platform/route";
import { adminDocumentsContract as contract } from "./documents-contract";
import { findCreditNote, findDocument } from "./invoices";
import { getOrder } from "./order-reads";
import { pdfResponse } from "./pdf-response";

export const adminDocumentsRoutes = routesAt(
  { mount: "/api/admin/documents", area: "documents" },
  new Hono<AppEnv>().use(withSession, requireAdmin),
);

route(adminDocumentsRoutes, contract.getAdminDocumentsByIdInvoice, async (c) =>
  pdfResponse(
    c,
    await findDocument(c.var.deps, await getOrder(c.var.deps, c.req.valid("param").id), "invoice"),
  ),
);

route(adminDocumentsRoutes, contract.getAdminDocumentsByIdCreditNote, async (c) =>
  pdfResponse(
    c,
    await findDocument(c.var.deps, await getOrder(c.var.deps, c.req.valid("param").id), "credit_note"),
  ),
);

route(adminDocumentsRoutes, contract.getAdminDocumentsByIdCreditNotesByNumber, async (c) => {
  const { id, number } = c.req.valid("param");
  return pdfResponse(c, await findCreditNote(c.var.deps, await getOrder(c.var.deps, id), number));
});

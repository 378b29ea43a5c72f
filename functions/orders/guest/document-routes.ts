import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { route, routesAt } from "../../platform/route";
import { findCreditNote, findDocument } from "../invoices";
import { pdfResponse } from "../pdf-response";
import { guestDocumentsContract as contract } from "./contract";
import { guestOrder, guestToken } from "./links";

/** In the documents function: the PDF renderer stays out of the ordering functions. */
export const guestDocumentsRoutes = routesAt(
  { mount: "/api/guest/documents", area: "documents" },
  new Hono<AppEnv>(),
);

route(guestDocumentsRoutes, contract.getGuestDocumentsByIdInvoice, async (c) => {
  const order = await guestOrder(c.var.deps, c.req.valid("param").id, guestToken(c));
  return pdfResponse(c, await findDocument(c.var.deps, order, "invoice"));
});

route(guestDocumentsRoutes, contract.getGuestDocumentsByIdCreditNote, async (c) => {
  const order = await guestOrder(c.var.deps, c.req.valid("param").id, guestToken(c));
  return pdfResponse(c, await findDocument(c.var.deps, order, "credit_note"));
});

route(guestDocumentsRoutes, contract.getGuestDocumentsByIdCreditNotesByNumber, async (c) => {
  const { id, number } = c.req.valid("param");
  const order = await guestOrder(c.var.deps, id, guestToken(c));
  return pdfResponse(c, await findCreditNote(c.var.deps, order, number));
});

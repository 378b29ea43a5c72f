import { Hono } from "hono";
import { findCreditNote, findDocument } from "../../services/invoices";
import { getOrder } from "../../services/orders";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/admin";
import { withSession } from "../middleware/session";
import { validate } from "../middleware/validate";
import { pdfResponse } from "../pdf-response";
import { creditNoteParam, idParam } from "../schemas/params";

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

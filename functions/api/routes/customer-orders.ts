import { Hono } from "hono";
import { findCreditNote, findDocument } from "../../services/invoices";
import { getUserOrder, listUserOrders, toOrder, withTransferInstructions } from "../../services/orders";
import type { AppEnv } from "../env";
import { caller, requireUser, withSession } from "../middleware/session";
import { validate } from "../middleware/validate";
import { pdfResponse } from "../pdf-response";
import { creditNoteParam, idParam } from "../schemas/params";

/**
 * The customer's own orders, their invoices and credit notes. Its own module (and Lambda) because the PDF
 * renderer is the heaviest code of the API: the other functions stay small.
 */
export const customerOrdersRoutes = new Hono<AppEnv>()
  .use(withSession, requireUser)
  .get("/", async (c) => c.json(await listUserOrders(c.var.deps, caller(c).user.id)))
  .get("/:id", validate("param", idParam), async (c) => {
    const order = toOrder(await getUserOrder(c.var.deps, caller(c).user.id, c.req.valid("param").id));
    const [mine] = await withTransferInstructions(c.var.deps, [order]);
    return c.json(mine);
  })
  .get("/:id/invoice", validate("param", idParam), async (c) => {
    const order = await getUserOrder(c.var.deps, caller(c).user.id, c.req.valid("param").id);
    return pdfResponse(c, await findDocument(c.var.deps, order, "invoice"));
  })
  .get("/:id/credit-note", validate("param", idParam), async (c) => {
    const order = await getUserOrder(c.var.deps, caller(c).user.id, c.req.valid("param").id);
    return pdfResponse(c, await findDocument(c.var.deps, order, "credit_note"));
  })
  .get("/:id/credit-notes/:number", validate("param", creditNoteParam), async (c) => {
    const { id, number } = c.req.valid("param");
    const order = await getUserOrder(c.var.deps, caller(c).user.id, id);
    return pdfResponse(c, await findCreditNote(c.var.deps, order, number));
  });

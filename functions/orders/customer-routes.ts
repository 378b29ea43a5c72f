import { Hono } from "hono";
import { caller, requireUser, withSession } from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { route, routesAt } from "../platform/route";
import { customerOrdersContract as contract } from "./customer-contract";
import { findCreditNote, findDocument } from "./invoices";
import { getUserOrder } from "./order-reads";
import { pdfResponse } from "./pdf-response";
import { listUserOrders, toOrder, withTransferInstructions } from "./service";

/** Its own Lambda: the PDF renderer is the heaviest code of the API, and the other functions stay small. */
export const customerOrdersRoutes = routesAt(
  { mount: "/api/user/orders", area: "documents" },
  new Hono<AppEnv>().use(withSession, requireUser),
);

route(customerOrdersRoutes, contract.getUserOrders, async (c) =>
  c.json(await listUserOrders(c.var.deps, caller(c).user.id)),
);

route(customerOrdersRoutes, contract.getUserOrdersById, async (c) => {
  const order = toOrder(await getUserOrder(c.var.deps, caller(c).user.id, c.req.valid("param").id));
  const [mine] = await withTransferInstructions(c.var.deps, [order]);
  return c.json(mine);
});

route(customerOrdersRoutes, contract.getUserOrdersByIdInvoice, async (c) => {
  const order = await getUserOrder(c.var.deps, caller(c).user.id, c.req.valid("param").id);
  return pdfResponse(c, await findDocument(c.var.deps, order, "invoice"));
});

route(customerOrdersRoutes, contract.getUserOrdersByIdCreditNote, async (c) => {
  const order = await getUserOrder(c.var.deps, caller(c).user.id, c.req.valid("param").id);
  return pdfResponse(c, await findDocument(c.var.deps, order, "credit_note"));
});

route(customerOrdersRoutes, contract.getUserOrdersByIdCreditNotesByNumber, async (c) => {
  const { id, number } = c.req.valid("param");
  const order = await getUserOrder(c.var.deps, caller(c).user.id, id);
  return pdfResponse(c, await findCreditNote(c.var.deps, order, number));
});

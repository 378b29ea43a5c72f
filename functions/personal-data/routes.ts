import { Hono } from "hono";
import { caller, requireUser, withSession } from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { retryAfterHeader } from "../platform/middleware/retry-after";
import { route, routesAt } from "../platform/route";
import { personalDataContract as contract } from "./contract";
import { exportPersonalData } from "./export";

/** In the documents Lambda: it renders the invoices with the PDF renderer, which the other functions do not carry. */
export const personalDataRoutes = routesAt(
  { mount: "/api/user/data-export", area: "documents" },
  new Hono<AppEnv>().use(retryAfterHeader, withSession, requireUser),
);

route(personalDataRoutes, contract.getUserDataExport, async (c) => {
  const { fileName, bytes } = await exportPersonalData(c.var.deps, caller(c).user.id);
  return c.body(bytes.buffer as ArrayBuffer, 200, {
    "content-type": "application/zip",
    "content-disposition": `attachment; filename="${fileName}"`,
    "cache-control": "private, no-store",
  });
});

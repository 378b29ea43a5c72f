import { type Context, Hono } from "hono";
import { withSession } from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { requireAdmin } from "../platform/middleware/admin";
import { route, routesAt } from "../platform/route";
import { adminExportsContract as contract } from "./contract";
import { type ExportFile, eReportingExport, fecExport } from "./service";

/**
 * The FEC (LPF A47 A-1) and e-reporting totals (docs/decisions/016-accounting-exports.md). In the "accounting"
 * function: plain text from the snapshots, no PDF renderer, and the admin function stays under its budget.
 */
const download = (c: Context, file: ExportFile, type: string) =>
  c.body(file.content, 200, {
    "content-type": `${type}; charset=utf-8`,
    "content-disposition": `attachment; filename="${file.filename}"`,
    "cache-control": "private, no-store",
  });

export const adminExportsRoutes = routesAt(
  { mount: "/api/admin/exports", area: "accounting" },
  new Hono<AppEnv>().use(withSession, requireAdmin),
);

route(adminExportsRoutes, contract.getAdminExportsFec, async (c) =>
  download(c, await fecExport(c.var.deps, c.req.valid("query")), "text/plain"),
);

route(adminExportsRoutes, contract.getAdminExportsEReporting, async (c) =>
  download(c, await eReportingExport(c.var.deps, c.req.valid("query")), "text/csv"),
);

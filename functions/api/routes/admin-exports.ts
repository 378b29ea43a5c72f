import { type Context, Hono } from "hono";
import { exportPeriodSchema } from "../../../src/domain/accounting";
import { type ExportFile, eReportingExport, fecExport } from "../../services/accounting-exports";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/admin";
import { withSession } from "../middleware/session";
import { validate } from "../middleware/validate";

/**
 * Accounting exports for the owner (decision record 016): the FEC (LPF A47 A-1) and the e-reporting daily totals of
 * a period, behind the same guard as the rest of /api/admin. Served by the "accounting" function (areas.ts): plain
 * text from the documents' snapshots, no PDF renderer, and the admin function stays under its budget.
 */
const download = (c: Context, file: ExportFile, type: string) =>
  c.body(file.content, 200, {
    "content-type": `${type}; charset=utf-8`,
    "content-disposition": `attachment; filename="${file.filename}"`,
    "cache-control": "private, no-store",
  });

export const adminExportsRoutes = new Hono<AppEnv>()
  .use(withSession, requireAdmin)
  .get("/fec", validate("query", exportPeriodSchema), async (c) =>
    download(c, await fecExport(c.var.deps, c.req.valid("query")), "text/plain"),
  )
  .get("/e-reporting", validate("query", exportPeriodSchema), async (c) =>
    download(c, await eReportingExport(c.var.deps, c.req.valid("query")), "text/csv"),
  );

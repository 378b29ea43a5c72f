import { Hono } from "hono";
import { exportPersonalData } from "../../services/personal-data/export";
import type { AppEnv } from "../env";
import { rateLimitedSchema, retryAfterHeader } from "../middleware/retry-after";
import { caller, requireUser, withSession } from "../middleware/session";
import { errorResponseSchema, type RouteDoc } from "../openapi";

/**
 * « Télécharger mes données » (GDPR art. 15, 20): the signed-in customer's data as a zip. In the documents Lambda: it
 * renders the account's invoices and credit notes with the PDF renderer, which the other functions do not carry.
 */
export const personalDataRoutes = new Hono<AppEnv>()
  .use(retryAfterHeader, withSession, requireUser)
  .get("/", async (c) => {
    const { fileName, bytes } = await exportPersonalData(c.var.deps, caller(c).user.id);
    return c.body(bytes.buffer as ArrayBuffer, 200, {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "private, no-store",
    });
  });

export const personalDataDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/user/data-export",
    tag: "Profil",
    summary:
      "Télécharger mes données (RGPD art. 15 et 20) : un zip avec donnees.json (compte, adresses, commandes, " +
      "rétractations), mes factures et avoirs en PDF et un LISEZMOI.txt",
    responses: {
      200: { description: "Archive zip (application/zip)" },
      401: { description: "Non connecté", schema: errorResponseSchema },
      429: { description: "Plus de 5 exports en une heure (Retry-After)", schema: rateLimitedSchema },
    },
  },
];

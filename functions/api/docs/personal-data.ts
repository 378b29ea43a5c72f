/**
 * The OpenAPI documentation of routes/personal-data.ts (functions/api/routes/openapi.ts gathers them): schemas and words only,
 * never services, so the docs function carries no more than the documentation.
 */
import { rateLimitedSchema } from "../middleware/retry-after";
import { errorResponseSchema, type RouteDoc } from "../openapi";

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

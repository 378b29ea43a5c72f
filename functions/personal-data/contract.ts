/** Schemas and words only: the docs function loads it without the code that serves it. */
import { type Contract, errorResponse } from "../platform/contract";
import { rateLimitedSchema } from "../platform/middleware/retry-after";

export const personalDataContract = {
  getUserDataExport: {
    method: "get",
    path: "/api/user/data-export",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Profil",
      summary:
        "Télécharger mes données (RGPD art. 15 et 20) : un zip avec donnees.json (compte, adresses, commandes, " +
        "rétractations), mes factures et avoirs en PDF et un LISEZMOI.txt",
      responses: {
        200: { description: "Archive zip (application/zip)" },
        401: errorResponse("Non connecté"),
        429: { description: "Plus de 5 exports en une heure (Retry-After)", schema: rateLimitedSchema },
      },
    }),
  },
} satisfies Contract;

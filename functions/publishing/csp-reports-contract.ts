/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import { rateLimits } from "../../src/domain/rate-limit";
import { type Contract, errorResponse } from "../platform/contract";
import { rateLimitedSchema } from "../platform/middleware/retry-after";
import { REPORT_MAX_BYTES } from "./csp-schemas";

const classicReportSchema = z.object({
  "csp-report": z.object({
    "document-uri": z.string().optional(),
    "violated-directive": z.string().optional(),
    "effective-directive": z.string().optional(),
    "blocked-uri": z.string().optional(),
    "source-file": z.string().optional(),
    "line-number": z.number().optional(),
    disposition: z.string().optional(),
  }),
});

export const cspReportsContract = {
  postCspReports: {
    method: "post",
    path: "/api/csp-reports",
    body: classicReportSchema,
    bodyReadByHandler: true,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Sécurité",
      summary:
        "Rapport d'une violation de la Content-Security-Policy, envoyé par le navigateur (application/csp-report, " +
        "application/reports+json ou application/json) ; journalisé, jamais conservé",
      responses: {
        204: { description: "Rapport journalisé" },
        400: errorResponse("Corps illisible"),
        413: errorResponse(`Corps de plus de ${REPORT_MAX_BYTES / 1024} Kio`),
        415: errorResponse("Type de contenu non accepté"),
        429: {
          description:
            `Plus de ${rateLimits.cspReports.max} rapports en ${rateLimits.cspReports.windowMinutes} minutes depuis ` +
            "cette adresse IP. En-tête Retry-After en secondes.",
          schema: rateLimitedSchema,
        },
      },
    }),
  },
} satisfies Contract;

import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as z from "zod";
import { cspViolations } from "../../../src/domain/csp-report";
import { DomainError } from "../../../src/domain/errors";
import { rateLimits } from "../../../src/domain/rate-limit";
import { admitAttempt } from "../../services/throttle";
import type { AppEnv } from "../env";
import { clientKey } from "../middleware/client-ip";
import { rateLimitedSchema, retryAfterHeader } from "../middleware/retry-after";
import { errorResponseSchema, type RouteDoc } from "../openapi";

/** A report is a few hundred bytes; the Reporting API batches a few. */
const REPORT_MAX_BYTES = 64 * 1024;

/**
 * Where browsers report what a page's Content-Security-Policy blocked (the policy's report-uri,
 * src/domain/security-headers.ts). Each violation is logged as one JSON line (CloudWatch on AWS, the terminal of
 * `npm start`); nothing is stored. Anyone can post here, so each address may report at most
 * rateLimits.cspReports times per window (429 past that; browsers ignore the answer).
 */
export const cspReportsRoutes = new Hono<AppEnv>().use(retryAfterHeader).post(
  "/",
  bodyLimit({
    maxSize: REPORT_MAX_BYTES,
    onError: () => {
      throw new DomainError("PAYLOAD_TOO_LARGE");
    },
  }),
  async (c) => {
    await admitAttempt(c.var.deps, [
      { scope: "csp-reports-address", subject: clientKey(c), rule: rateLimits.cspReports },
    ]);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw new DomainError("BAD_JSON");
    }
    const violations = cspViolations(body);
    if (violations === null) throw new DomainError("VALIDATION", "Rapport de violation CSP illisible.");
    for (const violation of violations)
      console.warn(JSON.stringify({ event: "csp-violation", ...violation }));
    return c.body(null, 204);
  },
);

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

export const cspReportsDocs: RouteDoc[] = [
  {
    method: "post",
    path: "/api/csp-reports",
    tag: "Sécurité",
    summary:
      "Rapport d'une violation de la Content-Security-Policy, envoyé par le navigateur (application/csp-report, " +
      "application/reports+json ou application/json) ; journalisé, jamais conservé",
    body: classicReportSchema,
    responses: {
      204: { description: "Rapport journalisé" },
      400: { description: "Corps illisible", schema: errorResponseSchema },
      413: { description: `Corps de plus de ${REPORT_MAX_BYTES / 1024} Kio`, schema: errorResponseSchema },
      415: { description: "Type de contenu non accepté", schema: errorResponseSchema },
      429: {
        description:
          `Plus de ${rateLimits.cspReports.max} rapports en ${rateLimits.cspReports.windowMinutes} minutes depuis ` +
          "cette adresse IP. En-tête Retry-After en secondes.",
        schema: rateLimitedSchema,
      },
    },
  },
];

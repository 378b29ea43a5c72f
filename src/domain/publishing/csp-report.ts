/**
 * What browsers post when a page's Content-Security-Policy blocks something (POST /api/csp-reports): the classic
 * `report-uri` body, `{"csp-report": {...}}` as application/csp-report, and the Reporting API's array of
 * `{type: "csp-violation", body: {...}}` as application/reports+json. Pure: the route logs what this returns.
 */
import * as z from "zod";

/** One violation, reduced to what the owner or a developer needs to find the cause. */
export interface CspViolation {
  document: string;
  directive: string;
  blocked: string;
  source: string;
  line: number | null;
  disposition: string;
}

/** Longest text kept from a field: reports are logged, never stored, and a page's URL is enough to act. */
const FIELD_MAX = 300;

const text = z
  .unknown()
  .transform((value) => (typeof value === "string" ? value.slice(0, FIELD_MAX) : ""))
  .optional();
const line = z
  .unknown()
  .transform((value) => (typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : null))
  .optional();

const classicReport = z.object({
  "csp-report": z.object({
    "document-uri": text,
    "violated-directive": text,
    "effective-directive": text,
    "blocked-uri": text,
    "source-file": text,
    "line-number": line,
    disposition: text,
  }),
});

const reportingApiReport = z.object({
  type: z.literal("csp-violation"),
  body: z.object({
    documentURL: text,
    effectiveDirective: text,
    blockedURL: text,
    sourceFile: text,
    lineNumber: line,
    disposition: text,
  }),
});

/** At most this many violations are read from one request (the Reporting API batches them). */
export const MAX_VIOLATIONS_PER_REQUEST = 20;

/** The violations of a report body; null when it is neither format (the route answers 400). */
export function cspViolations(body: unknown): CspViolation[] | null {
  const classic = classicReport.safeParse(body);
  if (classic.success) {
    const report = classic.data["csp-report"];
    return [
      {
        document: report["document-uri"] ?? "",
        directive: report["effective-directive"] || report["violated-directive"] || "",
        blocked: report["blocked-uri"] ?? "",
        source: report["source-file"] ?? "",
        line: report["line-number"] ?? null,
        disposition: report.disposition || "enforce",
      },
    ];
  }
  if (!Array.isArray(body)) return null;
  const violations: CspViolation[] = [];
  for (const item of body.slice(0, MAX_VIOLATIONS_PER_REQUEST)) {
    const parsed = reportingApiReport.safeParse(item);
    if (!parsed.success) continue;
    const report = parsed.data.body;
    violations.push({
      document: report.documentURL ?? "",
      directive: report.effectiveDirective ?? "",
      blocked: report.blockedURL ?? "",
      source: report.sourceFile ?? "",
      line: report.lineNumber ?? null,
      disposition: report.disposition || "enforce",
    });
  }
  return violations.length > 0 || body.length === 0 ? violations : null;
}

import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { DomainError } from "../../src/domain/errors";
import { cspViolations } from "../../src/domain/publishing/csp-report";
import { rateLimits } from "../../src/domain/rate-limit";
import type { AppEnv } from "../platform/env";
import { clientKey } from "../platform/middleware/client-ip";
import { retryAfterHeader } from "../platform/middleware/retry-after";
import { route, routesAt } from "../platform/route";
import { admitAttempt } from "../platform/throttle";
import { cspReportsContract as contract } from "./csp-reports-contract";
import { REPORT_MAX_BYTES } from "./csp-schemas";

/** Logged, never stored. Anyone can post here, so each address is limited (browsers ignore the 429). */
export const cspReportsRoutes = routesAt(
  { mount: "/api/csp-reports", area: "catalog" },
  new Hono<AppEnv>().use(retryAfterHeader),
);

route(
  cspReportsRoutes,
  contract.postCspReports,
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

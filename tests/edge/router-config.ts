/**
 * The Router's configuration the rehearsal runs, built from the same pure functions infra/web.ts calls (infra/edge.ts),
 * without SST's globals so that Playwright can load it. tests/edge/rehearsal.test.ts deploys infra/ with the SST
 * stubs and checks that the Router declared there carries exactly these injections, file options and headers.
 */
import { join, resolve } from "node:path";
import { methodNotAllowedKeys, pageKey, routerInjections, sitePagePaths } from "../../infra/edge";
import {
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  staticSecurityHeaders,
} from "../../src/domain/publishing/security-headers";
import { inlineScriptHashes } from "../../src/scripts/inline/hashes";

const repositoryRoot = resolve(import.meta.dirname, "../..");

export interface RouterConfig {
  viewerRequestInjection: string;
  viewerResponseInjection: string;
  responseReadsStore: boolean;
}

/** infra/web.ts's Router `edge` for a deploy with this edge key (and a measurement id or not). */
export function routerConfig({ edgeKey, analytics }: { edgeKey: string; analytics: boolean }): RouterConfig {
  const injections = routerInjections({
    edgeKey,
    scriptHashes: inlineScriptHashes(join(repositoryRoot, "src", "scripts", "inline")),
    analytics,
  });
  return {
    viewerRequestInjection: injections.viewerRequest,
    viewerResponseInjection: injections.viewerResponse,
    responseReadsStore: true,
  };
}

/**
 * The keys every deploy writes, in infra/web.ts's order: the pages src/pages declares (`sitePageKeys`), then the parts
 * of the 405 answer (`methodNotAllowedAnswerKeys`).
 */
export function deployedPageKeys(): [string, string][] {
  return [
    ...sitePagePaths(join(repositoryRoot, "src", "pages")).map((path): [string, string] => [
      pageKey(path),
      "1",
    ]),
    ...methodNotAllowedKeys({
      scriptHashes: inlineScriptHashes(join(repositoryRoot, "src", "scripts", "inline")),
    }),
  ];
}

/** The headers infra/web.ts's response-headers policy adds to every answer, as CloudFront writes them. */
export function responseHeadersPolicyHeaders(): Record<string, string> {
  const headers = staticSecurityHeaders({ https: true });
  return {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": headers["referrer-policy"] ?? "",
    "strict-transport-security": `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    "permissions-policy": PERMISSIONS_POLICY,
  };
}

/** A glob of the file options (`**`, `_astro/**`, `**\/*.html`, `sw.js`) as glob (SST's) matches it, dot files included. */
export function globMatches(glob: string, key: string): boolean {
  const pattern = glob
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) =>
      part === "**/"
        ? "(?:.*/)?"
        : part === "**"
          ? ".*"
          : part === "*"
            ? "[^/]*"
            : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${pattern}$`).test(key);
}

/**
 * SST's own CloudFront code, read out of the installed SST at test time, so the edge rehearsal runs what `sst deploy`
 * would upload: the Router's viewer-request and viewer-response function templates (router.ts,
 * createRequestFunction / createResponseFunction), CF_ROUTER_INJECTION through SST's `minify`, and the KeyValueStore
 * entries a StaticSite (createKvEntries) and the Router's routes (router-base-route.ts) write.
 *
 * Where the code lives: the `sst` npm package is a launcher; its platform sources (TypeScript, as plain text) are
 * embedded in the Go binary of the platform package (`sst-linux-x64/bin/sst`, `sst-darwin-arm64/bin/sst`...). Each
 * piece is found by an anchor and cut at a known end; `missingAnchors` lists what is no longer there, and a test fails
 * on it, so an SST upgrade that moves this code is seen rather than silently rehearsed with stale code.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { transformSync } from "esbuild";
import { minifyFunctionCode } from "../../infra/cloudfront-function-code";

const repositoryRoot = resolve(import.meta.dirname, "../..");

/** The SST version the rehearsal was written against: bump it only after reading what changed in the code below. */
export const REHEARSED_SST_VERSION = "4.17.1";

export function installedSstVersion(): string {
  const manifest = JSON.parse(
    readFileSync(join(repositoryRoot, "node_modules/sst/package.json"), "utf8"),
  ) as {
    version: string;
  };
  return manifest.version;
}

/** The platform binary of this machine (the one `npx sst` runs). */
export function sstBinaryPath(): string {
  const require = createRequire(join(repositoryRoot, "package.json"));
  const arch = process.arch === "x64" ? "x64" : process.arch;
  const candidates = [
    `sst-${process.platform}-${arch}`,
    "sst-linux-x64",
    "sst-linux-arm64",
    "sst-darwin-arm64",
  ];
  for (const name of candidates) {
    try {
      const path = join(require.resolve(`${name}/package.json`).replace(/package\.json$/, ""), "bin", "sst");
      if (existsSync(path)) return path;
    } catch {
      // Not installed for this platform: try the next one.
    }
  }
  const fallback = readdirSync(join(repositoryRoot, "node_modules")).find((name) =>
    /^sst-[a-z]+-[a-z0-9]+$/.test(name),
  );
  if (fallback) return join(repositoryRoot, "node_modules", fallback, "bin", "sst");
  throw new Error("No SST platform binary under node_modules (sst-<platform>-<arch>/bin/sst)");
}

let binaryText: string | undefined;
function binary(): string {
  // latin1 keeps one character per byte: the embedded sources are ASCII, so they read back unchanged.
  binaryText ??= readFileSync(sstBinaryPath()).toString("latin1");
  return binaryText;
}

/** The text from `start` (included) to the first `end` after it (included), or undefined. */
function cut(text: string, start: string, end: string, from = 0): string | undefined {
  const at = text.indexOf(start, from);
  if (at < 0) return undefined;
  const stop = text.indexOf(end, at + start.length);
  if (stop < 0) return undefined;
  return text.slice(at, stop + end.length);
}

/** router.ts: from its request-function template to the end of CF_ROUTER_INJECTION. */
const ROUTER_ANCHOR =
  "function createRequestFunction() {\n        return output(args.edge).apply((edge) => {";

function routerSource(): string {
  const text = binary();
  const start = text.indexOf(ROUTER_ANCHOR);
  if (start < 0) throw new Error("SST's Router request function is not in the installed SST");
  const end = text.indexOf("export type KV_SITE_METADATA", start);
  if (end < 0) throw new Error("SST's router.ts does not end as expected");
  return text.slice(start, end);
}

/** A JavaScript template literal's body (between its backticks), evaluated with `scope`. */
function evaluateTemplate(body: string, scope: Record<string, unknown>): string {
  const names = Object.keys(scope);
  const render = new Function(...names, `return \`${body}\`;`) as (...values: unknown[]) => string;
  return render(...names.map((name) => scope[name]));
}

/** The body of the template literal that follows `marker` (a `code: interpolate\`` or `code: \``). */
function templateAfter(source: string, marker: string): string {
  const at = source.indexOf(marker);
  if (at < 0) throw new Error(`SST's source has no "${marker}"`);
  let index = at + marker.length;
  let depth = 0;
  // Walk to the closing backtick, skipping `${ ... }` (which may hold comments and strings but no backtick).
  for (; index < source.length; index++) {
    const char = source[index];
    if (char === "\\") {
      index++;
      continue;
    }
    if (char === "$" && source[index + 1] === "{") {
      depth++;
      index++;
      continue;
    }
    if (char === "}" && depth > 0) {
      depth--;
      continue;
    }
    if (char === "`" && depth === 0) return source.slice(at + marker.length, index);
  }
  throw new Error(`SST's template after "${marker}" does not end`);
}

/** SST's `minify` (platform/src/util/minify.ts): esbuild, whitespace and syntax, es2018. */
export const MINIFY_SOURCE_ANCHOR =
  'return transformSync(code, {\n    minifyWhitespace: true,\n    minifySyntax: true,\n    target: "es2018",\n  }).code;';

function minify(strings: TemplateStringsArray, ...values: unknown[]): string {
  const code = String.raw(strings, ...values);
  return transformSync(code, { minifyWhitespace: true, minifySyntax: true, target: "es2018" }).code;
}

/** CF_ROUTER_INJECTION as SST computes it at deploy: its template through `minify`. */
export function routerInjection(): string {
  const source = routerSource();
  const limit = /const CLOUDFRONT_FUNCTION_SAFE_HEADER_LIMIT = 10240 - 512;/.test(source)
    ? 10240 - 512
    : undefined;
  if (limit === undefined) throw new Error("SST's header limit changed");
  const body = templateAfter(source, "export const CF_ROUTER_INJECTION = minify`");
  const names = { CLOUDFRONT_FUNCTION_SAFE_HEADER_LIMIT: limit };
  // Through a tag, as SST: `minify\`...\`` receives the raw strings.
  const tagged = new Function("minify", ...Object.keys(names), `return minify\`${body}\`;`) as (
    ...values: unknown[]
  ) => string;
  return tagged(minify, ...Object.values(names));
}

/** CF_BLOCK_CLOUDFRONT_URL_INJECTION: only with a custom domain (the cloudfront.net host is then refused). */
export function blockCloudfrontUrlInjection(): string {
  const source = routerSource();
  return evaluateTemplate(templateAfter(source, "export const CF_BLOCK_CLOUDFRONT_URL_INJECTION = `"), {});
}

export interface RouterFunctionOptions {
  /** The Router's `edge.viewerRequest.injection`. */
  readonly userInjection: string;
  /** The Router's KV namespace (router.ts buildRequestKvNamespace). */
  readonly kvNamespace: string;
  /** With a custom domain, SST refuses the distribution's own cloudfront.net host. */
  readonly domain: boolean;
}

/** The viewer-request function's code, exactly as router.ts createRequestFunction builds it. */
export function requestFunctionCode({ userInjection, kvNamespace, domain }: RouterFunctionOptions): string {
  const source = routerSource();
  const template = templateAfter(source, "code: interpolate`");
  return evaluateTemplate(template, {
    userInjection,
    blockCloudfrontUrlInjection: domain ? blockCloudfrontUrlInjection() : "",
    CF_ROUTER_INJECTION: routerInjection(),
    kvNamespace,
  });
}

/**
 * The viewer-request function's code as the deploy uploads it: SST's (requestFunctionCode) minified by the
 * `$transform` infra/web.ts registers (infra/cloudfront-function-code.ts). This is the code the rehearsal runs.
 */
export function deployedRequestFunctionCode(options: RouterFunctionOptions): string {
  return minifyFunctionCode(requestFunctionCode(options), repositoryRoot);
}

/** The viewer-response function's code (createResponseFunction): only the injection, then `return event.response`. */
export function responseFunctionCode(userInjection: string): string {
  const source = routerSource();
  const start = source.indexOf("function createResponseFunction()");
  if (start < 0) throw new Error("SST's Router has no response function");
  const template = templateAfter(source.slice(start), "code: `");
  return evaluateTemplate(template, { userInjection });
}

/** SST's namespaces: md5 of `<app>-<stage>-<name>`, 4 hex characters (router.ts, static-site.ts, router-base-route.ts). */
export const KV_NAMESPACE_SOURCE =
  'crypto\n      .createHash("md5")\n      .update(`${$app.name}-${$app.stage}-${name}`)\n      .digest("hex")\n      .substring(0, 4);';

export function kvNamespace(app: string, stage: string, name: string): string {
  return createHash("md5").update(`${app}-${stage}-${name}`).digest("hex").substring(0, 4);
}

/** router-base-route.ts parsePattern, read from the installed SST and run as it is. */
export function parsePattern(pattern: string): { host: string; path: string } {
  const source = cut(binary(), "export function parsePattern(pattern: string) {", "\n}\n");
  if (!source) throw new Error("SST's parsePattern is not in the installed SST");
  const js = transformSync(source.replace(/^export /, ""), { loader: "ts" }).code;
  return new Function(`${js}\nreturn parsePattern;`)()(pattern);
}

/**
 * StaticSite's createKvEntries (static-site.ts), read from the installed SST and run on a built folder: a key per
 * top-level file (and per file of `.well-known`), every other top-level folder an `s3.routes` entry, and the site's
 * metadata. Returns the entries without the namespace, as SST hands them to its KvKeys provider.
 */
export async function staticSiteKvEntries(options: {
  outputPath: string;
  bucketDomain: string;
  errorPage: string | undefined;
  indexPage?: string;
}): Promise<Record<string, string>> {
  const text = binary();
  const fnStart = text.indexOf("function createKvEntries() {\n      const entries = all([");
  if (fnStart < 0) throw new Error("SST's StaticSite createKvEntries is not in the installed SST");
  const callback = cut(text, ".apply(async ([", "\n      });\n\n      return new KvKeys(", fnStart);
  if (!callback) throw new Error("SST's createKvEntries does not end as expected");
  // The callback's own closing brace is the first character of the end marker.
  const arrow = `${callback.slice(".apply(".length, callback.length - "\n      });\n\n      return new KvKeys(".length)}\n}`;
  const js = transformSync(`const run = ${arrow}`, { loader: "ts" }).code;
  const { default: fs } = await import("node:fs");
  const { default: path } = await import("node:path");
  const toPosix = (value: string) => value.split(path.sep).join(path.posix.sep);
  const run = new Function("fs", "path", "toPosix", `${js}\nreturn run;`)(fs, path, toPosix) as (
    inputs: unknown[],
  ) => Promise<Record<string, string>>;
  const errorPage = `/${(options.errorPage ?? options.indexPage ?? "index.html").replace(/^\//, "")}`;
  return run([
    options.outputPath,
    { routes: [], purge: true },
    options.bucketDomain,
    errorPage,
    // infra/web.ts routes the site with `router: { instance }`: no path, no domain (router.ts normalizeRouteArgs).
    { pathPrefix: undefined, hostPattern: undefined },
    options.errorPage,
  ]);
}

/**
 * What the design relies on in SST's code, as text that must still be there. A test fails when one is missing: the
 * rehearsal would then run code that no longer matches what it claims to rehearse.
 */
export const SST_ANCHORS: readonly { readonly what: string; readonly text: string }[] = [
  {
    what: "the request function runs the user's injection first",
    text: "async function handler(event) {\n  ${userInjection}\n  ${blockCloudfrontUrlInjection}\n  ${CF_ROUTER_INJECTION}",
  },
  {
    what: "the request function is named after the Router, and has no transform of its own",
    text: 'return new cloudfront.Function(\n            `${name}CloudfrontFunctionRequest`,\n            {\n              runtime: "cloudfront-js-2.0",',
  },
  {
    what: "the response function is the injection alone",
    text: "async function handler(event) {\n  ${userInjection}\n  return event.response;\n}`",
  },
  {
    what: "a user KV store replaces the Router's own",
    text: "const userKvStore = viewerRequest?.kvStore;\n          if (userKvStore) return output(userKvStore);",
  },
  {
    what: "the request function reads the Router's routes from the KV store",
    text: 'const v = await cf.kvs().get(routerNS + ":routes");',
  },
  {
    what: "a site file is a KV key with one of three suffixes",
    text: 'const postfixes = u.endsWith("/")\n      ? ["index.html"]\n      : ["", ".html", "/index.html"];',
  },
  { what: "a folder route appends /index.html", text: 'event.request.uri += "/index.html";' },
  {
    what: "an unmatched site path goes to S3 as it is",
    text: "// Route unmatched to S3 (triggers customErrorResponses)",
  },
  { what: "S3 requests lose their cookies", text: "delete event.request.cookies;" },
  {
    what: "URL routes forward the viewer's host",
    text: 'event.request.headers["x-forwarded-host"] = event.request.headers.host;',
  },
  { what: "createKvEntries expands .well-known only", text: 'const expandDirs = [".well-known"];' },
  {
    what: "an errorPage gives errorResponseCode 404 and no custom404",
    text: "custom404: hasErrorPage ? undefined : errorPage,\n          errorResponseCode: hasErrorPage ? 404 : undefined,",
  },
  { what: "route namespaces are md5 prefixes", text: KV_NAMESPACE_SOURCE },
  { what: "SST's minify", text: MINIFY_SOURCE_ANCHOR },
  {
    what: "URL routes store the host",
    text: "createKvRouteData(name, args, self, namespace, {\n          host,\n          rewrite: routeArgs?.rewrite,",
  },
  {
    what: "bucket routes store the bucket's regional domain",
    text: "domain: output(args.bucket).nodes.bucket.bucketRegionalDomainName,",
  },
  {
    what: "route names are the Router's name, Route and the pattern",
    text: "`${this.constructorName}Route${pattern}`",
  },
];

/** An anchor as a pattern: its text, whatever the indentation (the same code sits at different depths). */
function anchorPattern(anchor: string): RegExp {
  const tokens = anchor
    .trim()
    .split(/\s+/)
    .map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(tokens.join("\\s+"));
}

export function missingAnchors(): string[] {
  const text = binary();
  return SST_ANCHORS.filter(({ text: anchor }) => !anchorPattern(anchor).test(text)).map(({ what }) => what);
}

/**
 * The edge rehearsal: the shop as CloudFront, S3 and Lambda would serve it on AWS, in one process, as an HTTP server.
 *
 * - The Router's viewer-request and viewer-response functions are SST's code (read from the installed SST,
 *   sst-platform.ts) with this project's injections, the request function minified as the deploy uploads it
 *   (infra/cloudfront-function-code.ts), run in a cloudfront-js-2.0 sandbox (cloudfront-functions.ts)
 *   with a KeyValueStore filled as the deploy fills it (SST's routes and site keys, the project's own keys).
 * - Viewer-request runs on every request, before any cache; the origin is the one the function picked
 *   (`cf.updateRequestOrigin`); viewer-response runs only when the origin answered below 400 (AWS, "Restrictions on
 *   all edge functions"); the Router's response-headers policy is applied to every answer that came from the cache
 *   or an origin, not to one viewer-request generated (docs/decisions/034).
 * - The site's bucket is the built folder behind origin access control: a key is the path as uploaded, a missing key
 *   answers 403 AccessDenied (CloudFront may not list the bucket), no index documents; the cache headers are the
 *   StaticSite's file options. The photos bucket is the shop's media folder, the same way.
 * - The API functions are Lambda Function URLs: their real handlers (functions/main/lambda/<area>.ts), invoked with
 *   the API Gateway payload v2 event a Function URL builds, their v2 results turned back into HTTP.
 *
 * Not rehearsed (listed in docs/decisions/028): CloudFront's cache itself (the functions run on every request, as they
 * do on a cache hit), compression, TLS, and the Lambda's own environment (one process holds every handler here).
 */
import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { routerRoutes } from "../../infra/router-routes";
import {
  type CfEvent,
  type CfMap,
  type CfRequest,
  type CfResponse,
  type CompiledFunction,
  compileFunction,
  isResponse,
  type KeyValueStore,
  toCfMap,
} from "./cloudfront-functions";
import { globMatches } from "./router-config";
import {
  deployedRequestFunctionCode,
  kvNamespace,
  parsePattern,
  responseFunctionCode,
  staticSiteKvEntries,
} from "./sst-platform";

/** A Lambda handler as Function URLs call it: payload v2 in, v2 result out. */
export type V2Handler = (event: V2Event, context: unknown) => Promise<V2Result>;

export interface V2Event {
  version: "2.0";
  routeKey: "$default";
  rawPath: string;
  rawQueryString: string;
  cookies?: string[];
  headers: Record<string, string>;
  queryStringParameters?: Record<string, string>;
  requestContext: {
    accountId: string;
    apiId: string;
    domainName: string;
    domainPrefix: string;
    http: { method: string; path: string; protocol: string; sourceIp: string; userAgent: string };
    requestId: string;
    routeKey: "$default";
    stage: "$default";
    time: string;
    timeEpoch: number;
  };
  body?: string;
  isBase64Encoded: boolean;
}

export interface V2Result {
  statusCode?: number;
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
}

export interface FileOption {
  files: string | string[];
  cacheControl?: string;
  contentType?: string;
}

/** The Router's response-headers policy (infra/web.ts), as CloudFront writes it on every answer. */
export type PolicyHeaders = Record<string, string>;

export interface RehearsalOptions {
  app: string;
  stage: string;
  /** The shop's domain (the Router's `domain`): the Host of every request, and SST then refuses cloudfront.net. */
  domain: string;
  /** The Router's injections (infra/web.ts). */
  viewerRequestInjection: string;
  viewerResponseInjection: string;
  /** Whether the viewer-response function reads the KeyValueStore too (`edge.viewerResponse.kvStore`). */
  responseReadsStore: boolean;
  /** The built site (the StaticSite's bucket) and its file options (infra/web.ts siteFileOptions). */
  siteDir: string;
  siteFileOptions: readonly FileOption[];
  /** The folder holding the photos bucket's keys (`media/...`). */
  mediaRoot: string;
  /** API areas: their mounts and handler, in infra/api.ts's order (the first one also serves /api). */
  areas: readonly { name: string; mounts: readonly string[]; handler: V2Handler }[];
  /** Keys the deploy and the publishes write besides SST's (the project's own). */
  extraKeys?: Iterable<[string, string]>;
  /**
   * What `event.request` is in viewer-response: the viewer's request as CloudFront received it ("viewer"), or the
   * request as the viewer-request function left it ("modified"). AWS's documentation does not say: run both.
   */
  responseRequest: "viewer" | "modified";
  responseHeadersPolicy: PolicyHeaders;
}

const siteBucketDomain = "savon-shop-production-webassets-a1b2c3.s3.eu-west-3.amazonaws.com";
const mediaBucketDomain = "savon-shop-production-media-d4e5f6.s3.eu-west-3.amazonaws.com";
const functionHost = (name: string) => `${name}-fn.lambda-url.eu-west-3.on.aws`;

/** The KeyValueStore after a deploy: the Router's routes (url, bucket, site) and the site's keys, as SST writes them. */
export async function deployedStore(
  options: RehearsalOptions,
): Promise<{ store: KeyValueStore; routerNs: string }> {
  const store: KeyValueStore = new Map();
  const routerNs = kvNamespace(options.app, options.stage, "Router");
  const routes: string[] = [];
  const route = (type: string, pattern: string, metadata: object) => {
    // router.ts route()/routeBucket(): the component is `${Router name}Route${pattern}`.
    const routeNs = kvNamespace(options.app, options.stage, `RouterRoute${pattern}`);
    const { host, path } = parsePattern(pattern);
    routes.push([type, routeNs, host, path].join(","));
    store.set(`${routeNs}:metadata`, JSON.stringify(metadata));
  };
  // infra/web.ts's routes, from the same declaration.
  for (const declared of routerRoutes(options.areas)) {
    if (declared.kind === "bucket")
      route("bucket", declared.pattern, { domain: mediaBucketDomain, origin: { timeouts: {} } });
    else route("url", declared.pattern, { host: functionHost(declared.area), origin: {} });
  }
  const siteNs = kvNamespace(options.app, options.stage, "Web");
  routes.push(["site", siteNs, undefined, undefined].join(","));
  const entries = await staticSiteKvEntries({
    outputPath: options.siteDir,
    bucketDomain: siteBucketDomain,
    errorPage: "404.html",
  });
  for (const [key, value] of Object.entries(entries)) store.set(`${siteNs}:${key}`, value);
  store.set(`${routerNs}:routes`, JSON.stringify(routes));
  for (const [key, value] of options.extraKeys ?? []) store.set(key, value);
  return { store, routerNs };
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=UTF-8",
  ".js": "text/javascript; charset=UTF-8",
  ".mjs": "text/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".webmanifest": "application/manifest+json; charset=UTF-8",
  ".xml": "application/xml; charset=UTF-8",
  ".txt": "text/plain; charset=UTF-8",
  ".svg": "image/svg+xml; charset=UTF-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

interface OriginAnswer {
  status: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

/** S3 behind origin access control: the key as asked, 403 AccessDenied when missing, no index documents. */
async function s3Object(
  root: string,
  uri: string,
  method: string,
  options?: readonly FileOption[],
): Promise<OriginAnswer> {
  const denied = (): OriginAnswer => ({
    status: 403,
    headers: { "content-type": "application/xml" },
    cookies: [],
    body: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
    ),
  });
  if (method !== "GET" && method !== "HEAD") return denied();
  let key: string;
  try {
    key = decodeURIComponent(uri).replace(/^\//, "");
  } catch {
    return denied();
  }
  if (!key || key.endsWith("/")) return denied();
  const file = normalize(join(root, key));
  if (!file.startsWith(root + sep)) return denied();
  try {
    if (!(await stat(file)).isFile()) return denied();
  } catch {
    return denied();
  }
  const body = await readFile(file);
  const headers: Record<string, string> = {
    "content-type": CONTENT_TYPES[extname(key).toLowerCase()] ?? "application/octet-stream",
  };
  // SST walks the file options backwards and keeps a file's first match: the last option matching it wins.
  const option = [...(options ?? [])]
    .reverse()
    .find((candidate) => [candidate.files].flat().some((glob) => globMatches(glob, key)));
  if (option?.cacheControl) headers["cache-control"] = option.cacheControl;
  if (option?.contentType) headers["content-type"] = option.contentType;
  return { status: 200, headers, cookies: [], body: method === "HEAD" ? Buffer.alloc(0) : body };
}

function cfRequestFrom(req: IncomingMessage, url: URL): CfRequest {
  const headers: CfMap = {};
  let cookieHeader = "";
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === "cookie") {
      cookieHeader = [value].flat().join("; ");
      continue;
    }
    headers[name.toLowerCase()] = { value: [value].flat().join(",") };
  }
  const cookies = toCfMap(
    cookieHeader
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const at = part.indexOf("=");
        return (at < 0 ? [part, ""] : [part.slice(0, at), part.slice(at + 1)]) as [string, string];
      }),
  );
  return {
    method: req.method ?? "GET",
    uri: url.pathname,
    querystring: toCfMap(url.searchParams),
    headers,
    cookies,
  };
}

function flatten(map: CfMap): [string, string][] {
  return Object.entries(map).flatMap(([name, entry]) =>
    entry.multiValue
      ? entry.multiValue.map((item) => [name, item.value] as [string, string])
      : [[name, entry.value]],
  );
}

/** The Function URL's payload v2 for the request CloudFront forwards (Managed-AllViewerExceptHostHeader). */
function v2Event(request: CfRequest, host: string, body: Buffer, viewerIp: string): V2Event {
  const headers: Record<string, string> = {};
  for (const [name, value] of flatten(request.headers)) {
    if (name === "host") continue;
    headers[name] = headers[name] ? `${headers[name]},${value}` : value;
  }
  headers.host = host;
  headers["x-forwarded-for"] = viewerIp;
  headers["x-forwarded-proto"] = "https";
  headers["x-forwarded-port"] = "443";
  headers["x-amz-cf-id"] = "rehearsal";
  headers.via = "2.0 rehearsal.cloudfront.net (CloudFront)";
  const cookies = flatten(request.cookies).map(([name, value]) => `${name}=${value}`);
  const rawQueryString = flatten(request.querystring)
    .map(([name, value]) => (value === "" ? name : `${name}=${value}`))
    .join("&");
  const now = Date.now();
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: request.uri,
    rawQueryString,
    ...(cookies.length > 0 && { cookies }),
    headers,
    ...(rawQueryString && {
      queryStringParameters: Object.fromEntries(
        flatten(request.querystring).map(([name, value]) => [name, decodeURIComponent(value)]),
      ),
    }),
    requestContext: {
      accountId: "anonymous",
      apiId: host.split(".")[0] ?? "",
      domainName: host,
      domainPrefix: host.split(".")[0] ?? "",
      http: {
        method: request.method,
        path: request.uri,
        protocol: "HTTP/1.1",
        // A Function URL sees CloudFront's address, not the visitor's (the Router passes that in a header).
        sourceIp: "130.176.0.1",
        userAgent: request.headers["user-agent"]?.value ?? "",
      },
      requestId: `rehearsal-${now}`,
      routeKey: "$default",
      stage: "$default",
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(body.length > 0 && { body: body.toString("base64") }),
    isBase64Encoded: body.length > 0,
  };
}

async function lambdaAnswer(handler: V2Handler, event: V2Event): Promise<OriginAnswer> {
  let result: V2Result;
  try {
    result = await handler(event, { awsRequestId: event.requestContext.requestId });
  } catch {
    // A Function URL answers 502 when the function throws.
    return {
      status: 502,
      headers: { "content-type": "application/json" },
      cookies: [],
      body: Buffer.from('{"Message":"Internal Server Error"}'),
    };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = value;
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {}))
    headers[name.toLowerCase()] = values.join(", ");
  const body = result.body
    ? Buffer.from(result.body, result.isBase64Encoded ? "base64" : "utf8")
    : Buffer.alloc(0);
  return { status: result.statusCode ?? 200, headers, cookies: result.cookies ?? [], body };
}

export interface Rehearsal {
  readonly url: string;
  readonly requestFunction: CompiledFunction;
  readonly responseFunction: CompiledFunction;
  readonly store: KeyValueStore;
  close(): Promise<void>;
}

/** Builds the Router's functions and store, and serves the rehearsal on 127.0.0.1:`port` (0: any free port). */
export async function startRehearsal(options: RehearsalOptions, port = 0): Promise<Rehearsal> {
  const { store, routerNs } = await deployedStore(options);
  // As uploaded: SST's code minified at deploy (infra/cloudfront-function-code.ts).
  const requestFunction = compileFunction(
    deployedRequestFunctionCode({
      userInjection: options.viewerRequestInjection,
      kvNamespace: routerNs,
      domain: true,
    }),
    store,
  );
  const responseFunction = compileFunction(
    responseFunctionCode(options.viewerResponseInjection),
    options.responseReadsStore ? store : undefined,
  );
  const handlers = new Map(options.areas.map((area) => [functionHost(area.name), area.handler]));

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", `https://${options.domain}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const viewerRequest = cfRequestFrom(req, url);
    viewerRequest.headers.host = { value: options.domain };
    const viewerIp = req.socket.remoteAddress?.replace(/^::ffff:/, "") ?? "127.0.0.1";
    const event = (eventType: string, request: CfRequest, response?: CfResponse): CfEvent => ({
      version: "1.0",
      context: {
        distributionDomainName: "d111111abcdef8.cloudfront.net",
        distributionId: "E2SHOPROUTER01",
        eventType,
        requestId: "rehearsal",
      },
      viewer: { ip: viewerIp },
      request,
      ...(response && { response }),
    });

    let final: OriginAnswer;
    const { result, origin } = await requestFunction.run(event("viewer-request", viewerRequest));
    const generated = isResponse(result);
    if (isResponse(result)) {
      // An answer from viewer-request goes straight to the viewer (no origin, no viewer-response).
      const text = typeof result.body === "string" ? result.body : (result.body?.data ?? "");
      final = {
        status: result.statusCode,
        headers: Object.fromEntries(flatten(result.headers ?? {})),
        cookies: [],
        body: Buffer.from(
          text,
          typeof result.body === "object" && result.body.encoding === "base64" ? "base64" : "utf8",
        ),
      };
    } else {
      const forwarded = result;
      if (!origin) {
        final = {
          status: 502,
          headers: { "content-type": "text/html" },
          cookies: [],
          body: Buffer.from("placeholder.sst.dev"),
        };
      } else if (origin.domainName === siteBucketDomain) {
        final = await s3Object(options.siteDir, forwarded.uri, forwarded.method, options.siteFileOptions);
      } else if (origin.domainName === mediaBucketDomain) {
        final = await s3Object(options.mediaRoot, forwarded.uri, forwarded.method);
      } else {
        const handler = handlers.get(origin.domainName);
        if (!handler) throw new Error(`The edge sent a request to an unknown origin ${origin.domainName}`);
        final = await lambdaAnswer(handler, v2Event(forwarded, origin.domainName, body, viewerIp));
      }
      if (final.status < 400) {
        const response: CfResponse = {
          statusCode: final.status,
          statusDescription: "",
          headers: Object.fromEntries(
            Object.entries(final.headers).map(([name, value]) => [name, { value }]),
          ),
          cookies: {},
        };
        const seen = options.responseRequest === "viewer" ? viewerRequest : forwarded;
        const after = await responseFunction.run(event("viewer-response", seen, response));
        const edited = after.result as CfResponse;
        final = {
          ...final,
          status: edited.statusCode,
          headers: Object.fromEntries(flatten(edited.headers ?? {})),
        };
      }
    }
    // The response-headers policy (override: true for each header), on the answers CloudFront "serves from the cache
    // and the ones that it forwards from the origin" (AWS, "Add or remove HTTP headers in CloudFront responses with a
    // policy"). An answer viewer-request generated is neither: it goes "directly to the viewer" "without any further
    // processing by CloudFront" ("Determine function purpose"), so it is not counted on to get them: it must carry
    // its own.
    if (!generated)
      for (const [name, value] of Object.entries(options.responseHeadersPolicy)) final.headers[name] = value;
    res.statusCode = final.status;
    for (const [name, value] of Object.entries(final.headers)) res.setHeader(name, value);
    if (final.cookies.length > 0) res.setHeader("set-cookie", final.cookies);
    res.end(req.method === "HEAD" ? undefined : final.body);
  };

  const server: Server = createServer((req, res) => {
    answer(req, res).catch((error: Error) => {
      res.statusCode = 599;
      res.setHeader("content-type", "text/plain");
      res.end(`rehearsal failure: ${error.stack ?? error.message}`);
    });
  });
  await new Promise<void>((resolveListen) => server.listen(port, "127.0.0.1", resolveListen));
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    requestFunction,
    responseFunction,
    store,
    close: () => new Promise<void>((resolveClose) => server.close(() => resolveClose())),
  };
}

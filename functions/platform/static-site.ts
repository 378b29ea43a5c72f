import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { Context } from "hono";
import { MEDIA_PATH } from "../../src/domain/catalog/product-photos";
import { validMeasurementId } from "../../src/domain/legal/consent";
import {
  contentSecurityPolicy,
  hasAnalyticsConsent,
  isPaymentPath,
  staticSecurityHeaders,
} from "../../src/domain/publishing/security-headers";
import { METHOD_NOT_ALLOWED_PAGE, methodNotAllowedHeaders } from "../../src/domain/publishing/site-methods";
import { inlineScriptHashes } from "../../src/scripts/inline/hashes";
import { folderStorage, MEDIA_CACHE_CONTROL, readStored } from "./adapters/object-storage";

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
};

/** Pages rendered in the browser for ids the build cannot know: product pages added later, order tracking. */
const SHELLS: [RegExp, string[]][] = [
  [/^\/product\/[^/]+\/?$/, ["product"]],
  [/^\/orders\/track\/[^/]+\/?$/, ["orders", "track"]],
];

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** As CloudFront + S3 resolve it: the file or the folder's index.html; null for paths that leave the folder. */
function candidates(distDir: string, pathname: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const relative = normalize(decoded).replace(/^([/\\])+/, "");
  const absolute = join(distDir, relative);
  if (absolute !== distDir && !absolute.startsWith(distDir + sep)) return null;
  return [absolute, join(absolute, "index.html")];
}

let hashes: string[] | undefined;

/** As the AWS Router sends them, minus HSTS and upgrade-insecure-requests: the local shop is plain http. */
export function siteSecurityHeaders(c: Context, html: boolean): Record<string, string> {
  if (!html) return staticSecurityHeaders({ https: false });
  return pageSecurityHeaders({
    payment: isPaymentPath(new URL(c.req.url).pathname),
    analytics:
      validMeasurementId(process.env.PUBLIC_GA_MEASUREMENT_ID) !== null &&
      hasAnalyticsConsent(c.req.header("cookie")),
  });
}

function pageSecurityHeaders({ payment, analytics }: { payment: boolean; analytics: boolean }) {
  hashes ??= inlineScriptHashes();
  const policy = contentSecurityPolicy({ scriptHashes: hashes, payment, analytics, https: false });
  return { ...staticSecurityHeaders({ https: false }), "content-security-policy": policy };
}

export function staticSite(site: string | (() => string)) {
  return async (c: Context): Promise<Response> => {
    // Read once per request: a publish switching folders meanwhile serves this request wholly from one build.
    const distDir = typeof site === "string" ? site : site();
    const pathname = new URL(c.req.url).pathname;
    for (const file of candidates(distDir, pathname) ?? []) {
      if (await isFile(file)) return send(c, file, 200);
    }
    for (const [pattern, shellDir] of SHELLS) {
      if (!pattern.test(pathname)) continue;
      const shell = join(distDir, ...shellDir, "index.html");
      if (await isFile(shell)) return send(c, shell, 200);
    }
    const notFound = join(distDir, "404.html");
    if (await isFile(notFound)) return send(c, notFound, 404);
    return c.text("Page Non Trouvée", 404, siteSecurityHeaders(c, false));
  };
}

/**
 * 405 with `Allow: GET, HEAD` (RFC 9110 §15.5.6), as a page with its headers: a bare 404 told a scanner the path
 * did not exist and had no Content-Security-Policy. The edge answers the same (infra/edge.ts).
 */
export function methodNotAllowed(c: Context): Response {
  // No script on the 405 page, and the edge gives this very answer to every path.
  return c.body(
    METHOD_NOT_ALLOWED_PAGE,
    405,
    methodNotAllowedHeaders(pageSecurityHeaders({ payment: false, analytics: false })),
  );
}

/** As the Router serves the media bucket: cached a year, since a new upload gets new names. */
export function mediaFiles(root: string) {
  const storage = folderStorage(root);
  return async (c: Context): Promise<Response> => {
    let key = "";
    try {
      key = decodeURIComponent(new URL(c.req.url).pathname.slice(MEDIA_PATH.length + 1));
    } catch {
      // A malformed address: not a stored file.
    }
    const type = MIME[extname(key).toLowerCase()];
    const body = type?.startsWith("image/") ? await readStored(storage, key) : null;
    if (!body) return c.text("Fichier introuvable", 404, siteSecurityHeaders(c, false));
    return c.body(new Uint8Array(body), 200, {
      "content-type": type ?? "application/octet-stream",
      "cache-control": MEDIA_CACHE_CONTROL,
      ...siteSecurityHeaders(c, false),
    });
  };
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Encoding = "br" | "gzip";

export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => (name ?? "").trim().toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

/** Per file version: a build's files never change. Bounded, oldest first out. */
const compressedCache = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
const COMPRESSED_CACHE_ENTRIES = 2000;

async function compressedBody(file: string, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const info = await stat(file);
  const key = `${encoding}:${file}:${info.size}:${info.mtimeMs}`;
  let body = compressedCache.get(key);
  if (!body) {
    body = readFile(file).then(async (raw) =>
      encoding === "br"
        ? new Uint8Array(await brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }))
        : new Uint8Array(await gzipped(raw, { level: 9 })),
    );
    body.catch(() => compressedCache.delete(key));
    compressedCache.set(key, body);
    if (compressedCache.size > COMPRESSED_CACHE_ENTRIES) {
      compressedCache.delete(compressedCache.keys().next().value as string);
    }
  }
  return await body;
}

async function send(c: Context, file: string, status: 200 | 404): Promise<Response> {
  const type = MIME[extname(file).toLowerCase()] ?? "application/octet-stream";
  // Astro fingerprints what it puts under /_astro/, so those files never change; pages must be revalidated.
  const cache = file.includes(`${sep}_astro${sep}`) ? "public, max-age=31536000, immutable" : "no-cache";
  const compressible = COMPRESSIBLE.test(type);
  const encoding = compressible ? preferredEncoding(c.req.header("accept-encoding")) : null;
  const headers: Record<string, string> = {
    "content-type": type,
    "cache-control": cache,
    ...(compressible && { vary: "accept-encoding" }),
    ...(encoding && { "content-encoding": encoding }),
    ...siteSecurityHeaders(c, type.startsWith("text/html")),
  };
  if (c.req.method === "HEAD") return c.body(null, status, headers);
  const body = encoding ? await compressedBody(file, encoding) : new Uint8Array(await readFile(file));
  return c.body(body, status, headers);
}

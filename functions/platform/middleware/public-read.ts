import type { Context, MiddlewareHandler } from "hono";
import type { Deps } from "../deps";
import type { AppEnv } from "../env";

/**
 * Public reads (issue 18): the catalogue, one product and the public settings are the same for every visitor, so the
 * CDN may keep them (decision record 022). Each route says how long:
 *   sMaxAge               seconds CloudFront serves its copy without asking the Lambda;
 *   staleWhileRevalidate  seconds after that during which it still answers with the copy while it fetches a new one.
 * Browsers get `max-age=0`: they ask again on every call (the islands fetch with `cache: "no-store"` anyway), only the
 * CDN keeps an answer. An owner's edit of what these routes return is invalidated at the CDN by the publishing
 * pipeline (as its build starts, infra/publish-build.ts, and again with the pages at its end), so the lifetimes below
 * bound only what changes without an edit, or what an edit does not publish.
 */
export interface PublicReadPolicy {
  sMaxAge: number;
  staleWhileRevalidate: number;
}

export const publicReadPolicies = {
  /**
   * Catalogue and product: an order changes a product's stock without any edit; the stock shown may lag a minute
   * (plus one refresh), never more, and an order is checked against the stock in the database whatever was shown.
   * Prices, names and the active list change by an owner's edit, which invalidates them.
   */
  catalogue: { sMaxAge: 60, staleWhileRevalidate: 300 },
  /** Company and shipping: they change only by an owner's edit, which publishes and invalidates them. */
  settings: { sMaxAge: 300, staleWhileRevalidate: 600 },
  /**
   * Which payment methods are offered: a PayPal settings edit does not publish (the pages do not print it), so
   * nothing invalidates it. An order checks the methods again on the server.
   */
  checkout: { sMaxAge: 15, staleWhileRevalidate: 15 },
  /** The maintenance switch must take effect within seconds: at most ~10 s at the CDN, whatever the invalidation. */
  maintenance: { sMaxAge: 5, staleWhileRevalidate: 5 },
} as const satisfies Record<string, PublicReadPolicy>;

export function publicCacheControl({ sMaxAge, staleWhileRevalidate }: PublicReadPolicy): string {
  return `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${staleWhileRevalidate}`;
}

/** How long a Lambda container or the local server keeps a public read in memory (Deps.publicReadCacheMs). */
export const PUBLIC_READ_CACHE_MS = 1000;

/** One kept answer: its bytes and headers as the handler made them, so a hit builds a Response and nothing else. */
interface KeptAnswer {
  at: number;
  status: number;
  /** Bytes, not a string: @hono/node-server writes a Uint8Array body as it is, with no encoding per hit. */
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
}

interface MicroCache {
  answers: Map<string, KeptAnswer>;
  /** Reads under way: concurrent misses of one path wait for the first one's answer. */
  pending: Map<string, Promise<KeptAnswer | undefined>>;
}

/** Per Deps: one per Lambda container or local server, and separate for each test file's app. */
const caches = new WeakMap<Deps, MicroCache>();
/** Expired answers are dropped when the map grows past this (only existing active products are ever kept). */
const MAX_KEPT = 500;

function cacheOf(deps: Deps): MicroCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = { answers: new Map(), pending: new Map() };
    caches.set(deps, cache);
  }
  return cache;
}

/**
 * `Cache-Control: no-cache` (or the old `Pragma: no-cache`): the caller wants the database's answer, not a kept one.
 * The site build sends it (src/lib/build-api.ts) so a publish never prints an answer older than the edit; browsers
 * send it too for `fetch(…, { cache: "no-store" })`, which costs them a read, as before this cache.
 */
function wantsFresh(c: Context): boolean {
  return (
    /\bno-cache\b/i.test(c.req.header("cache-control") ?? "") ||
    /\bno-cache\b/i.test(c.req.header("pragma") ?? "")
  );
}

function answerOf(kept: KeptAnswer): Response {
  return new Response(kept.body, { status: kept.status, headers: kept.headers });
}

/**
 * A public read: a 200 gets `Cache-Control: public, max-age=0, s-maxage=…, stale-while-revalidate=…`, anything else
 * (400, 404, 500) `no-store`, and so does an answer that would set a cookie (a cached Set-Cookie would go to every
 * visitor). These routes read no cookie and no session, so the CDN may key them on the path alone.
 *
 * Within one process the 200s are also kept in memory for `deps.publicReadCacheMs` (≤ 1 s; unset: off), timed with a
 * monotonic clock (the deps clock is frozen in tests): a burst of requests then makes one database read per path and
 * second, concurrent misses sharing it. A hit answers the kept bytes without running the handler.
 */
export function publicRead(policy: PublicReadPolicy): MiddlewareHandler<AppEnv> {
  const cacheControl = publicCacheControl(policy);
  return async (c, next) => {
    const ttl = c.var.deps.publicReadCacheMs ?? 0;
    if (ttl <= 0 || wantsFresh(c)) {
      await next();
      markCacheability(c, cacheControl);
      return;
    }
    const cache = cacheOf(c.var.deps);
    const key = c.req.path;
    const kept = cache.answers.get(key);
    if (kept && performance.now() - kept.at < ttl) return answerOf(kept);
    const pending = cache.pending.get(key);
    if (pending) {
      const shared = await pending;
      if (shared) return answerOf(shared);
      // The read it waited for failed: this request makes its own.
    }
    let settle: (answer: KeptAnswer | undefined) => void = () => undefined;
    cache.pending.set(key, new Promise((resolve) => (settle = resolve)));
    let answer: KeptAnswer | undefined;
    try {
      await next();
      markCacheability(c, cacheControl);
      if (c.res.status === 200 && !c.res.headers.has("set-cookie")) {
        const body = new Uint8Array(await c.res.arrayBuffer());
        answer = { at: performance.now(), status: 200, body, headers: [...c.res.headers] };
        c.res = answerOf(answer);
        if (cache.answers.size >= MAX_KEPT) dropExpired(cache, ttl);
        cache.answers.set(key, answer);
      }
    } finally {
      cache.pending.delete(key);
      settle(answer);
    }
  };
}

function markCacheability(c: Context, cacheControl: string): void {
  const shareable = c.res.status === 200 && !c.res.headers.has("set-cookie");
  c.res.headers.set("cache-control", shareable ? cacheControl : "no-store");
}

function dropExpired(cache: MicroCache, ttl: number): void {
  const now = performance.now();
  for (const [key, kept] of cache.answers) if (now - kept.at >= ttl) cache.answers.delete(key);
  if (cache.answers.size >= MAX_KEPT) cache.answers.clear();
}

import type { Context, MiddlewareHandler } from "hono";
import type { Deps } from "../deps";
import type { AppEnv } from "../env";

/**
 * The catalogue and public settings are the same for every visitor, so the CDN may keep them
 * (docs/decisions/022-public-reads-at-the-cdn.md); browsers get `max-age=0`. The publishing pipeline invalidates the
 * CDN on an owner's edit, so these lifetimes bound only what changes without an edit.
 */
export interface PublicReadPolicy {
  sMaxAge: number;
  staleWhileRevalidate: number;
}

export const publicReadPolicies = {
  /** An order changes stock without an edit: the shown stock may lag a minute; orders check the database anyway. */
  catalogue: { sMaxAge: 60, staleWhileRevalidate: 300 },
  settings: { sMaxAge: 300, staleWhileRevalidate: 600 },
  /** A PayPal settings edit does not publish, so nothing invalidates this; an order checks the methods again. */
  checkout: { sMaxAge: 15, staleWhileRevalidate: 15 },
  /** The maintenance switch must take effect within seconds: at most ~10 s at the CDN, whatever the invalidation. */
  maintenance: { sMaxAge: 5, staleWhileRevalidate: 5 },
} as const satisfies Record<string, PublicReadPolicy>;

export function publicCacheControl({ sMaxAge, staleWhileRevalidate }: PublicReadPolicy): string {
  return `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${staleWhileRevalidate}`;
}

export const PUBLIC_READ_CACHE_MS = 1000;

interface KeptAnswer {
  at: number;
  status: number;
  /** Bytes, not a string: @hono/node-server writes a Uint8Array body as it is, with no encoding per hit. */
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
}

interface MicroCache {
  answers: Map<string, KeptAnswer>;
  pending: Map<string, Promise<KeptAnswer | undefined>>;
}

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

/** `no-cache`: the site build sends it so a publish never prints an answer older than the edit. */
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
 * A 200 gets a public Cache-Control; anything else, or an answer setting a cookie, `no-store`. These routes read no
 * session, so the CDN keys them on the path alone. Within one process the 200s are also kept for
 * `deps.publicReadCacheMs` on a monotonic clock: a burst makes one read per path and second.
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

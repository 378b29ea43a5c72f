/**
 * The shop's service worker (/sw.js, scope /); integration.mjs fills in VERSION and PRECACHE. Pages network first,
 * /_astro/ cache first (a name never changes content), /api never touched. VERSION follows the app shell, not the
 * pages' text, so a publish does not reload every visitor's page.
 */
const VERSION = "__SW_VERSION__";
const PRECACHE = /* __SW_PRECACHE__ */ ["/", "/offline"];

const SHELL_CACHE = `shell-${VERSION}`;
/** Runtime copies outlive versions (visited pages stay available offline after an update), trimmed by size. */
const PAGES_CACHE = "pages";
const ASSETS_CACHE = "assets";
const MAX_PAGES = 60;
const MAX_ASSETS = 200;
const OFFLINE_PAGE = "/offline";
const NETWORK_TIMEOUT_MS = 4000;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith("shell-") && key !== SHELL_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The page it was loaded with, before this worker controlled it. */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (data?.type !== "cache-page" || typeof data.url !== "string") return;
  const url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin || isApi(url)) return;
  url.hash = "";
  event.waitUntil(
    fetch(url.href, { credentials: "same-origin" })
      .then((response) =>
        keepable(response) ? putTrimmed(PAGES_CACHE, url.href, response, MAX_PAGES) : null,
      )
      .catch(() => null),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url)) return;

  if (request.mode === "navigate") {
    event.respondWith(pageResponse(event, request));
  } else if (url.pathname.startsWith("/_astro/")) {
    event.respondWith(cacheFirst(event, request, false));
  } else if (
    request.destination === "image" ||
    /\.(png|jpe?g|webp|avif|svg|ico|webmanifest)$/i.test(url.pathname)
  ) {
    event.respondWith(cacheFirst(event, request, true));
  }
});

function isApi(url) {
  return url.pathname === "/api" || url.pathname.startsWith("/api/");
}

/** No 404 page, no redirect, no opaque answer. */
function keepable(response) {
  return response.ok && response.status === 200 && response.type === "basic" && !response.redirected;
}

async function pageResponse(event, request) {
  const network = fetch(request).then((response) => {
    if (keepable(response)) {
      const copy = response.clone();
      event.waitUntil(putTrimmed(PAGES_CACHE, pageKey(request.url), copy, MAX_PAGES));
    }
    return response;
  });
  event.waitUntil(network.catch(() => null));
  try {
    return await withTimeout(network, NETWORK_TIMEOUT_MS, () => keptPage(request.url));
  } catch {
    return (await keptPage(request.url)) ?? (await offlinePage()) ?? Response.error();
  }
}

function withTimeout(network, ms, fallback) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(async () => {
      const kept = await fallback();
      if (kept) resolve(kept);
    }, ms);
    network.then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The static HTML is the same whatever the query. */
function pageKey(href) {
  const url = new URL(href);
  url.search = "";
  url.hash = "";
  return url.href;
}

async function keptPage(href) {
  const key = pageKey(href);
  const alternative = key.endsWith("/") && new URL(key).pathname !== "/" ? key.slice(0, -1) : `${key}/`;
  for (const candidate of [key, alternative]) {
    const hit =
      (await caches.match(candidate, { cacheName: PAGES_CACHE })) ??
      (await caches.match(candidate, { cacheName: SHELL_CACHE }));
    if (hit) return hit;
  }
  return undefined;
}

async function offlinePage() {
  return (await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE })) ?? caches.match(OFFLINE_PAGE);
}

async function cacheFirst(event, request, refresh) {
  const hit = await caches.match(request);
  if (hit && !refresh) return hit;
  const network = fetch(request).then((response) => {
    if (keepable(response)) {
      event.waitUntil(putTrimmed(ASSETS_CACHE, request.url, response.clone(), MAX_ASSETS));
    }
    return response;
  });
  if (!hit) return network;
  // Served from the cache at once; the copy is refreshed for next time.
  event.waitUntil(network.catch(() => null));
  return hit;
}

async function putTrimmed(cacheName, key, response, max) {
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(old);
}

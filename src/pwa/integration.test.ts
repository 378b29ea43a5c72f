import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  isExcludedFromSitemap,
  pageLastmods,
  pageShell,
  precacheList,
  renderServiceWorker,
  renderSitemap,
  serviceWorkerVersion,
  sitemapUrls,
} from "./integration.mjs";

const site = "https://savon.example";
const page = (canonical: string | null, noindex = false) =>
  `<!doctype html><html><head><title>x</title>${canonical ? `<link rel="canonical" href="${canonical}">` : ""}${
    noindex ? '<meta name="robots" content="noindex">' : ""
  }</head><body></body></html>`;

describe("each page's lastmod", () => {
  it("is the date a page says it changed (a product's last edit), else the build date", () => {
    const product = `<html><head><link rel="canonical" href="${site}/product/3"><meta name="shop:lastmod" content="2026-11-20"></head></html>`;
    const lastmods = pageLastmods([product, page(`${site}/faq`)], site);
    expect([...lastmods]).toEqual([[`${site}/product/3`, "2026-11-20"]]);
    const xml = renderSitemap([`${site}/faq`, `${site}/product/3`], "2026-11-23", lastmods);
    expect(xml).toContain(`<loc>${site}/faq</loc>\n    <lastmod>2026-11-23</lastmod>`);
    expect(xml).toContain(`<loc>${site}/product/3</loc>\n    <lastmod>2026-11-20</lastmod>`);
  });
});

describe("sitemapUrls", () => {
  it("lists the indexable pages by their canonical address, home first, products in number order", () => {
    const urls = sitemapUrls(
      [
        page(`${site}/product/10`),
        page(`${site}/faq`),
        page(`${site}/`),
        page(`${site}/product/2`),
        page(`${site}/product/2`),
        page(`${site}/cart`, true),
        page(null),
        page(`${site}/admin`),
        page(`${site}/Payment`),
        page(`${site}/orders/track`),
        page(`${site}/maintenance`),
        page("https://elsewhere.example/faq"),
      ],
      site,
    );
    expect(urls).toEqual([`${site}/`, `${site}/faq`, `${site}/product/2`, `${site}/product/10`]);
  });

  it("renders a sitemaps.org document with escaped addresses", () => {
    const xml = renderSitemap([`${site}/`, `${site}/a?b=1&c=2`], "2026-05-12");
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>${site}/a?b=1&amp;c=2</loc>`);
    expect(xml).toContain("<lastmod>2026-05-12</lastmod>");
  });

  it.each([
    ["/admin", true],
    ["/admin/", true],
    ["/orders/track/abc", true],
    ["/profile", true],
    ["/reset-password", true],
    ["/product/1", false],
    ["/cgv", false],
    ["/administratif", false],
  ])("%s excluded: %s", (path, excluded) => {
    expect(isExcludedFromSitemap(path)).toBe(excluded);
  });
});

describe("service worker build", () => {
  const template = readFileSync(new URL("./service-worker.js", import.meta.url), "utf8");

  it("precaches the shell pages that exist and the CSS/JS they load, following static imports only", async () => {
    const sources: Record<string, string> = {
      "/_astro/page.B1a2.css": "body{color:red}",
      "/_astro/header.Cx9.js": 'import{a}from"./store.D1.js";import("./AuthModal.E2.js");',
      "/_astro/store.D1.js": 'export const a=1;import"./nanostores.F3.js";',
      "/_astro/nanostores.F3.js": "export{}",
      "/_astro/AuthModal.E2.js": "export{}",
      "/_astro/AdminPanel.G4.js": 'import{a}from"./store.D1.js";',
      "/_astro/CartPage.H5.js": "export{}",
    };
    const list = await precacheList({
      shellHtml: [
        '<link rel="stylesheet" href="/_astro/page.B1a2.css"><script type="module" src="/_astro/header.Cx9.js"></script>',
        // A deferred placeholder (issue 17) and a file the build no longer has.
        '<template data-deferred-head><link rel=stylesheet href=/_astro/page.B1a2.css></template><script src="/_astro/gone.Z9.js"></script>',
      ],
      exists: (path) => path !== "/copyright",
      assetSource: (path) => sources[path],
    });
    expect(list).toContain("/");
    expect(list).toContain("/offline");
    expect(list).not.toContain("/copyright");
    expect(list.filter((path) => path.startsWith("/_astro/"))).toEqual([
      "/_astro/header.Cx9.js",
      "/_astro/nanostores.F3.js",
      "/_astro/page.B1a2.css",
      "/_astro/store.D1.js",
    ]);
    // Loaded on use: the sign-in dialog (import()), the admin panel and the cart (no shell page names them).
    for (const lazy of ["AuthModal.E2.js", "AdminPanel.G4.js", "CartPage.H5.js", "gone.Z9.js"])
      expect(list).not.toContain(`/_astro/${lazy}`);
    expect(list.some((path) => path.startsWith("/api"))).toBe(false);
  });

  // Issue 28, item 10: each new version takes over open pages and reloads them, so it must follow the app shell,
  // not the owner's text.
  const shellOf =
    (home: string, script = "export const a=1;", css = "body{color:red}") =>
    (path: string) =>
      path === "/"
        ? home
        : path === "/_astro/a.js"
          ? script
          : path === "/_astro/a.css"
            ? css
            : `content of ${path}`;
  const list = ["/", "/faq", "/_astro/a.css", "/_astro/a.js", "/manifest.webmanifest"];
  const home = (text: string, boot = "document.documentElement.dataset.boot='1'") =>
    `<!doctype html><html><head><script>${boot}</script><style>.a{color:red}</style>` +
    `<script type="application/ld+json">{"telephone":"${text}"}</script>` +
    `<link rel="stylesheet" href="/_astro/a.css"><script type="module" src="/_astro/a.js"></script></head>` +
    `<body><footer>Téléphone : ${text}</footer></body></html>`;

  it("keeps its version when a publish changes only the pages' text", () => {
    const v1 = serviceWorkerVersion(list, shellOf(home("04 91 00 00 00")), "worker");
    expect(v1).toMatch(/^[0-9a-f]{16}$/);
    expect(serviceWorkerVersion(list, shellOf(home("04 91 12 34 56")), "worker")).toBe(v1);
  });

  it("changes version when the app shell changes: a script, a stylesheet, inline code, the list, the worker", () => {
    const v1 = serviceWorkerVersion(list, shellOf(home("x")), "worker");
    expect(serviceWorkerVersion(list, shellOf(home("x"), "export const a=2;"), "worker")).not.toBe(v1);
    expect(serviceWorkerVersion(list, shellOf(home("x"), undefined, "body{}"), "worker")).not.toBe(v1);
    expect(serviceWorkerVersion(list, shellOf(home("x", "window.boot=2")), "worker")).not.toBe(v1);
    expect(serviceWorkerVersion([...list, "/_astro/b.js"], shellOf(home("x")), "worker")).not.toBe(v1);
    expect(serviceWorkerVersion(list, shellOf(home("x")), "worker, new code")).not.toBe(v1);
    expect(serviceWorkerVersion(list, shellOf(home("x")), "worker")).toBe(v1);
  });

  it("reads a page's shell from its inline code only, not its text nor its JSON data", () => {
    const shell = pageShell(home("04 91 12 34 56"));
    expect(shell).toContain("dataset.boot");
    expect(shell).toContain(".a{color:red}");
    expect(shell).not.toContain("04 91");
  });

  it("fills in the version and the list, and never caches /api", () => {
    const source = renderServiceWorker(template, "abc123", ["/", "/_astro/a.js"]);
    expect(source).toContain('const VERSION = "abc123";');
    expect(source).toMatch(/const PRECACHE = \[\s*"\/",\s*"\/_astro\/a\.js"\s*\];/);
    expect(source).toContain("skipWaiting");
    expect(source).toContain("clients.claim");
    expect(source).toMatch(/isApi\(url\)\) return;/);
    expect(() => renderServiceWorker("const VERSION = 1;", "x", [])).toThrow();
  });
});

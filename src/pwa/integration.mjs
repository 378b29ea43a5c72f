// @ts-check
/**
 * Astro integration run after `astro build`: writes dist/sw.js (VERSION and precache list) and dist/sitemap.xml.
 * Plain JavaScript so astro.config.mjs loads it directly.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { init as lexerReady, parse as parseModule } from "es-module-lexer";

/** Pages every visitor gets offline even before visiting them. */
export const SHELL_PAGES = [
  "/",
  "/offline",
  "/faq",
  "/returns-and-exchanges",
  "/cgv",
  "/legal-mentions",
  "/copyright",
];
export const SHELL_FILES = [
  "/manifest.webmanifest",
  "/favicon.svg",
  "/images/logo.svg",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
];

/** Never in the sitemap, whatever their pages say (robots.txt disallows most of them). */
export const SITEMAP_EXCLUDED = [
  "/admin",
  "/profile",
  "/payment",
  "/Payment",
  "/cart",
  "/Cart",
  "/orders",
  "/reset-password",
  "/maintenance",
  "/offline",
];

/** @param {string} path a path of the site */
export function isExcludedFromSitemap(path) {
  const clean = path.replace(/\/+$/, "") || "/";
  return SITEMAP_EXCLUDED.some((prefix) => clean === prefix || clean.startsWith(`${prefix}/`));
}

/** @param {string} html */
function canonicalOf(html) {
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/\brel=["']?canonical["'\s>]/i.test(tag)) continue;
    const href = tag.match(/\bhref=["']([^"']+)["']/i)?.[1];
    if (href) return href.replace(/&amp;/g, "&");
  }
  return null;
}

/** @param {string} html */
function isNoindex(html) {
  return (html.match(/<meta\b[^>]*>/gi) ?? []).some(
    (tag) => /\bname=["']?robots["'\s]/i.test(tag) && /\bcontent=["'][^"']*noindex/i.test(tag),
  );
}

/**
 * Each page's own canonical URL, when indexable and on `site`.
 * @param {string[]} pagesHtml the HTML of every built page
 * @param {string} site the site's origin (SITE_URL)
 * @returns {string[]} sorted, without duplicates
 */
export function sitemapUrls(pagesHtml, site) {
  const origin = new URL(site).origin;
  /** @type {Set<string>} */
  const urls = new Set();
  for (const html of pagesHtml) {
    const canonical = canonicalOf(html);
    if (!canonical || isNoindex(html)) continue;
    let url;
    try {
      url = new URL(canonical, origin);
    } catch {
      continue;
    }
    if (url.origin !== origin || isExcludedFromSitemap(url.pathname)) continue;
    urls.add(url.href);
  }
  return [...urls].sort((a, b) => {
    /** @param {string} href */
    const depth = (href) => new URL(href).pathname.split("/").filter(Boolean).length;
    return depth(a) - depth(b) || a.localeCompare(b, "en", { numeric: true });
  });
}

/** @param {string} text */
function xmlEscape(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Each page's `<meta name="shop:lastmod">`, by canonical URL.
 * @param {string[]} pagesHtml
 * @param {string} site
 * @returns {Map<string, string>}
 */
export function pageLastmods(pagesHtml, site) {
  /** @type {Map<string, string>} */
  const lastmods = new Map();
  for (const html of pagesHtml) {
    const canonical = canonicalOf(html);
    const tag = (html.match(/<meta\b[^>]*>/gi) ?? []).find((meta) =>
      /\bname=["']?shop:lastmod["'\s]/i.test(meta),
    );
    const date = tag?.match(/\bcontent=["'](\d{4}-\d{2}-\d{2})["']/i)?.[1];
    if (!canonical || !date) continue;
    try {
      lastmods.set(new URL(canonical, site).href, date);
    } catch {
      // not an address: no lastmod
    }
  }
  return lastmods;
}

/**
 * @param {string[]} urls
 * @param {string} lastmod the build date, YYYY-MM-DD, for pages that do not say when they changed
 * @param {Map<string, string>} [pages] each page's own lastmod (pageLastmods)
 */
export function renderSitemap(urls, lastmod, pages = new Map()) {
  const entries = urls.map(
    (url) =>
      `  <url>\n    <loc>${xmlEscape(url)}</loc>\n    <lastmod>${pages.get(url) ?? lastmod}</lastmod>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

/** CSS and JavaScript of the build a page names anywhere: scripts, stylesheets, deferred placeholders, islands. */
const ASTRO_ASSET = /\/_astro\/[\w./-]+?\.(?:js|mjs|css)(?=["'\s)>?#]|$)/g;

/**
 * The specifiers a module imports statically; `import()` is left out, fetched on use.
 * @param {string} code
 */
function staticImports(code) {
  const [imports] = parseModule(code);
  return imports.flatMap((entry) => (entry.d === -1 && entry.n ? [entry.n] : []));
}

/**
 * The shell's files and the CSS/JS they load, static imports followed; signed-in bundles are cached on use.
 * @param {{ shellHtml: string[], exists: (path: string) => boolean, assetSource: (path: string) => string | undefined }} build
 * @returns {Promise<string[]>}
 */
export async function precacheList({ shellHtml, exists, assetSource }) {
  await lexerReady;
  /** @type {Set<string>} */
  const assets = new Set();
  const queue = shellHtml.flatMap((html) => html.match(ASTRO_ASSET) ?? []);
  while (queue.length > 0) {
    const path = /** @type {string} */ (queue.shift());
    if (assets.has(path)) continue;
    const source = assetSource(path);
    if (source === undefined) continue;
    assets.add(path);
    if (!/\.m?js$/.test(path)) continue;
    for (const specifier of staticImports(source)) {
      const target = new URL(specifier, `https://shop.invalid${path}`);
      if (target.origin === "https://shop.invalid" && target.pathname.startsWith("/_astro/"))
        queue.push(target.pathname);
    }
  }
  return [...SHELL_PAGES, ...SHELL_FILES].filter(exists).concat([...assets].sort());
}

/** Inline scripts the browser runs (no type, a JavaScript type or a module), and inline styles. */
const INLINE_CODE = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
const EXECUTABLE_TYPE = /^(?:|module|(?:text|application)\/(?:java|ecma)script)$/i;

/**
 * A page's inline scripts and styles, without its text, which a publish changes; JSON-LD is content.
 * @param {string} html
 */
export function pageShell(html) {
  /** @type {string[]} */
  const parts = [];
  for (const [, element = "", attributes = "", body = ""] of html.matchAll(INLINE_CODE)) {
    const tag = element.toLowerCase();
    if (tag === "script") {
      if (/\bsrc\s*=/i.test(attributes)) continue;
      const type = attributes.match(/\btype\s*=\s*["']?([^"'\s>]*)/i)?.[1] ?? "";
      if (!EXECUTABLE_TYPE.test(type.trim())) continue;
    }
    parts.push(`<${tag}>${body}`);
  }
  return parts.join("\n");
}

/**
 * Changes only with the app shell: each new version reloads open pages, and pages are served network first anyway.
 * @param {string[]} precache
 * @param {(path: string) => string | Buffer} contentOf
 * @param {string} [workerSource] the worker's template (src/pwa/service-worker.js)
 */
export function serviceWorkerVersion(precache, contentOf, workerSource = "") {
  const hash = createHash("sha256");
  hash.update(workerSource);
  hash.update("\0");
  for (const path of precache) {
    hash.update(path);
    hash.update("\0");
    const content = contentOf(path);
    hash.update(SHELL_PAGES.includes(path) ? pageShell(content.toString()) : content);
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

const VERSION_MARK = '"__SW_VERSION__"';
const PRECACHE_MARK = /\/\* __SW_PRECACHE__ \*\/ \[[^\]]*\]/;

/**
 * @param {string} template src/pwa/service-worker.js
 * @param {string} version
 * @param {string[]} precache
 */
export function renderServiceWorker(template, version, precache) {
  if (!template.includes(VERSION_MARK) || !PRECACHE_MARK.test(template)) {
    throw new Error("src/pwa/service-worker.js: les marques __SW_VERSION__ / __SW_PRECACHE__ manquent.");
  }
  return template
    .replace(VERSION_MARK, JSON.stringify(version))
    .replace(PRECACHE_MARK, () => JSON.stringify(precache, null, 2));
}

/** @param {string} dir */
async function walk(dir) {
  /** @type {string[]} */
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

/** @param {string} path */
async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The file, or the folder's index.html.
 * @param {string} distDir
 * @param {string} path
 */
async function distFile(distDir, path) {
  const base = join(distDir, ...path.split("/").filter(Boolean));
  for (const candidate of [base, join(base, "index.html")]) {
    if (await isFile(candidate)) return candidate;
  }
  return null;
}

/** @returns {import("astro").AstroIntegration} */
export default function shopPwa() {
  /** @type {string} */
  let site = "http://localhost:4321";
  /** @type {URL} */
  let template = new URL("./service-worker.js", import.meta.url);
  return {
    name: "shop-pwa",
    hooks: {
      "astro:config:done": ({ config }) => {
        if (config.site) site = config.site;
        template = new URL("src/pwa/service-worker.js", config.root);
      },
      "astro:build:done": async ({ dir, logger }) => {
        const distDir = fileURLToPath(dir);

        const html = [];
        for (const file of await walk(distDir)) {
          if (file.endsWith(".html")) html.push(await readFile(file, "utf8"));
        }
        const urls = sitemapUrls(html, site);
        const today = new Date().toISOString().slice(0, 10);
        await writeFile(join(distDir, "sitemap.xml"), renderSitemap(urls, today, pageLastmods(html, site)));

        const astroDir = join(distDir, "_astro");
        const astroFiles = await walk(astroDir).catch(() => /** @type {string[]} */ ([]));
        /** @type {Map<string, string>} */
        const assetSources = new Map();
        for (const file of astroFiles) {
          if (/\.(m?js|css)$/.test(file))
            assetSources.set(
              `/_astro/${relative(astroDir, file).split(sep).join("/")}`,
              await readFile(file, "utf8"),
            );
        }
        /** @type {Map<string, string>} */
        const files = new Map();
        for (const path of [...SHELL_PAGES, ...SHELL_FILES]) {
          const file = await distFile(distDir, path);
          if (file) files.set(path, file);
        }
        const shellHtml = [];
        for (const path of SHELL_PAGES) {
          const file = files.get(path);
          if (file) shellHtml.push(await readFile(file, "utf8"));
        }
        const precache = await precacheList({
          shellHtml,
          exists: (path) => files.has(path),
          assetSource: (path) => assetSources.get(path),
        });
        const contents = new Map();
        for (const path of precache) {
          const file = files.get(path) ?? join(distDir, ...path.split("/").filter(Boolean));
          contents.set(path, await readFile(file));
        }
        const source = await readFile(template, "utf8");
        const version = serviceWorkerVersion(precache, (path) => contents.get(path) ?? "", source);
        await writeFile(join(distDir, "sw.js"), renderServiceWorker(source, version, precache));
        logger.info(
          `sitemap.xml: ${urls.length} pages; sw.js ${version}: ${precache.length} files en précache`,
        );
      },
    },
  };
}

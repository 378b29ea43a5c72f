/**
 * What a prebuilt page weighs before any interaction (issue 30), read from its HTML and the files it names: the HTML
 * itself (its critical CSS inlined), the scripts it runs without interaction (module scripts, island components and
 * renderers, and everything they import statically; `import()` made on interaction is not followed), and the
 * stylesheets it loads. Sizes are brotli-compressed, as the CDN serves them. Shared by the CI budgets
 * (tests/e2e/performance.spec.ts, files read over HTTP) and `npm run bench:bytes` (files read from a built site).
 */
import { brotliCompressSync } from "node:zlib";
import { init, parse } from "es-module-lexer";

/** Reads a file of the site by its absolute URL. */
export type LoadFile = (url: string) => Promise<Buffer>;

export interface PageWeight {
  /** Brotli bytes of the HTML. */
  html: number;
  /** Every script run before interaction, by URL. */
  scripts: Map<string, Buffer>;
  /** The stylesheets the page loads, by URL. */
  styles: Map<string, Buffer>;
}

export const brotliBytes = (body: string | Buffer) => brotliCompressSync(body).length;
/** Brotli bytes of files, compressed one by one as the CDN serves them. */
export const total = (files: Map<string, Buffer>) =>
  [...files.values()].reduce((sum, body) => sum + brotliBytes(body), 0);

/** The specifiers a module imports statically (`import … from "x"`, `import "x"`, `export … from "x"`). */
export function staticImports(code: string): string[] {
  const [imports] = parse(code);
  return imports.flatMap((entry) => (entry.d === -1 && entry.n ? [entry.n] : []));
}

/** The page's entry modules: module scripts (external or inline imports), island components and renderers. */
export function entryModules(html: string, pageUrl: string): string[] {
  const entries: string[] = [];
  for (const [, url] of html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g))
    entries.push(url as string);
  // The module scripts the page puts in place after its first paint (src/scripts/inline/deferred-assets.js).
  for (const [, url] of html.matchAll(/<template data-deferred-module data-src="([^"]+)"/g))
    entries.push(url as string);
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!/\btype="module"/.test(attributes as string)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attributes as string)?.[1];
    if (src) entries.push(src);
    else entries.push(...staticImports(body as string));
  }
  for (const [, href] of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g))
    entries.push(href as string);
  return entries.map((url) => new URL(url, pageUrl).href);
}

/** The stylesheets the page links (in its head, or waiting in a template for the first paint). */
export function stylesheets(html: string, pageUrl: string): string[] {
  const withoutNoscript = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
  const links = [...withoutNoscript.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((tag) => tag[0]);
  const hrefs = links.flatMap((tag) => /\bhref="([^"]+)"/.exec(tag)?.[1] ?? []);
  return [...new Set(hrefs)].map((href) => new URL(href, pageUrl).href);
}

/** The modules at `entries` and every module they import statically, with their bodies. */
export async function moduleGraph(load: LoadFile, entries: string[]): Promise<Map<string, Buffer>> {
  await init;
  const queue = [...entries];
  const scripts = new Map<string, Buffer>();
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (scripts.has(url)) continue;
    const body = await load(url);
    scripts.set(url, body);
    for (const specifier of staticImports(body.toString("utf8"))) queue.push(new URL(specifier, url).href);
  }
  return scripts;
}

export async function pageWeight(html: string, pageUrl: string, load: LoadFile): Promise<PageWeight> {
  const scripts = await moduleGraph(load, entryModules(html, pageUrl));
  const styles = new Map<string, Buffer>();
  for (const url of stylesheets(html, pageUrl)) styles.set(url, await load(url));
  return { html: brotliBytes(html), scripts, styles };
}

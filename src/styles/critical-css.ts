/**
 * Astro integration run after `astro build`: nothing but the HTML comes before a page's first paint. Each page
 * inlines the CSS rules its own HTML uses (Beasties) and the theme tokens they reference; the whole stylesheet, the
 * manifest, the icons and the module scripts wait in templates that src/scripts/inline/deferred-assets.js puts in
 * place once the first frame is painted, with island modules preloaded in parallel then. The page paints from its
 * first round trip (14 KB compressed); no new inline script, so the Content-Security-Policy is unchanged.
 */
import { readFileSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import Beasties from "beasties";
import { htmlFiles } from "../scripts/inline/integration";
import { inlineScriptText } from "../scripts/inline/text";

/** The loader's text as BaseLayout inlines it: a page without it keeps its stylesheet and scripts as they are. */
const DEFERRED_ASSETS_LOADER = inlineScriptText(
  readFileSync(new URL("../scripts/inline/deferred-assets.js", import.meta.url), "utf8"),
);

/** What a page links that its first paint does not need: its stylesheet, and what the browser fetches on its own. */
const DEFERRED_LINK = /<link rel="(?:stylesheet|manifest|icon|apple-touch-icon)"[^>]*>/g;

/**
 * A page that carries the loader: its stylesheet, manifest and icons move to a <template data-deferred-head> just
 * before the loader, with a <noscript> copy in <head>; its module scripts become placeholders.
 * Both stay valid HTML (checked by the Nu HTML Checker in tests/tooling/built-site.test.ts):
 * - The <noscript> copy sits in <head>, where a <noscript> may hold <link> elements of any kind; in <body> an icon or
 *   a manifest link is not allowed. With JavaScript on, a <noscript>'s content is only text, in <head> as in <body>
 *   (https://html.spec.whatwg.org/multipage/scripting.html#the-noscript-element): nothing is fetched before the
 *   loader runs.
 * - A placeholder is an inert <template> (allowed wherever a <script> is), not a <script> with a made-up type:
 *   "deferred-module" is no MIME type, and a type-less or empty module script would run, or be refused by the
 *   Content-Security-Policy as an inline script.
 */
export function deferAssets(html: string, reactRuntime: string | null = null): string {
  if (!html.includes(DEFERRED_ASSETS_LOADER)) return html;
  const links = html.match(DEFERRED_LINK) ?? [];
  const preloads = islandPreloads(html, reactRuntime);
  const scriptsDeferred = html.replace(
    /<script type="module" src="([^"]+)"><\/script>/g,
    '<template data-deferred-module data-src="$1"></template>',
  );
  if (links.length === 0 && preloads.length === 0) return scriptsDeferred;
  const moved = links.join("");
  const headEnd = scriptsDeferred.indexOf("</head>");
  // The template goes just before the loader: the loader may start at a first paint that comes before the parser
  // has read the rest of the page, and it must find the template then.
  const loader = scriptsDeferred.lastIndexOf("<script", scriptsDeferred.lastIndexOf(DEFERRED_ASSETS_LOADER));
  if (headEnd < 0 || loader < headEnd)
    throw new Error("deferAssets: a page without <head>, or its loader in it.");
  const head = scriptsDeferred.slice(0, headEnd).replace(DEFERRED_LINK, "");
  const body = scriptsDeferred.slice(headEnd, loader).replace(DEFERRED_LINK, "");
  const rest = scriptsDeferred.slice(loader).replace(DEFERRED_LINK, "");
  // Without JavaScript no module runs: the <noscript> copy has no preload.
  const noscript = links.length > 0 ? `<noscript>${moved}</noscript>` : "";
  return `${head}${noscript}${body}<template data-deferred-head>${moved}${preloads.join("")}</template>${rest}`;
}

/** React's runtime and each island's renderer and component, to preload; none for a page without an island. */
export function islandPreloads(html: string, reactRuntime: string | null): string[] {
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map(([tag]) => tag);
  if (islands.length === 0) return [];
  const urls = new Set<string>(reactRuntime ? [reactRuntime] : []);
  for (const tag of islands) {
    for (const [, url] of tag.matchAll(/\b(?:renderer|component)-url="([^"]+)"/g)) urls.add(url as string);
  }
  return [...urls].map((url) => `<link rel="modulepreload" href="${url}">`);
}

/** The address of React's runtime chunk in a built site (astro.config.mjs groups it as `react`), or null. */
export async function reactRuntimeChunk(dist: string): Promise<string | null> {
  const files = await readdir(`${dist}/_astro`).catch(() => [] as string[]);
  const chunk = files.find((file) => /^react\.[\w-]+\.js$/.test(file));
  return chunk ? `/_astro/${chunk}` : null;
}

/**
 * Tailwind's theme layer declares every design token the whole site uses (the admin's colours too); the critical CSS
 * of a page keeps only the custom properties the page references (`var(--name`), directly or through another kept
 * one. The full stylesheet, applied after the first paint, still declares them all.
 */
export function pruneThemeVariables(html: string): string {
  const theme = /@layer theme\{(:root(?:,:host)?)\{([^}]*)\}\}/.exec(html);
  if (!theme) return html;
  const declarations = [...(theme[2] as string).matchAll(/(--[\w-]+):([^;]*);?/g)].map(([, name, value]) => ({
    name: name as string,
    value: value as string,
  }));
  const outside = html.slice(0, theme.index) + html.slice(theme.index + theme[0].length);
  const referenced = (name: string, text: string) =>
    text.includes(`var(${name})`) || text.includes(`var(${name},`);
  const kept = new Set(declarations.filter(({ name }) => referenced(name, outside)).map(({ name }) => name));
  for (let grew = true; grew; ) {
    grew = false;
    const keptValues = declarations
      .filter(({ name }) => kept.has(name))
      .map(({ value }) => value)
      .join(";");
    for (const { name } of declarations) {
      if (!kept.has(name) && referenced(name, keptValues)) {
        kept.add(name);
        grew = true;
      }
    }
  }
  const body = declarations
    .filter(({ name }) => kept.has(name))
    .map(({ name, value }) => `${name}:${value}`)
    .join(";");
  return `${html.slice(0, theme.index)}@layer theme{${theme[1]}{${body}}}${html.slice(theme.index + theme[0].length)}`;
}

/**
 * Tailwind registers every `--tw-*` property the whole site uses (`@property`); the critical CSS keeps the
 * registrations its other rules name. Tailwind's `@layer properties` fallback (the same initial values for browsers
 * without `@property`: Safari before 16.4, Firefox before 128) is left to the full stylesheet: those browsers miss a
 * shadow or a ring in the first frame, nothing that moves the layout.
 */
export function pruneTailwindProperties(html: string): string {
  const registrations = /@property (--tw-[\w-]+)\{[^}]*\}/g;
  const fallback = /@layer properties\{@supports [^{]*\{(?:[^{}]*\{[^}]*\})*\}\}/;
  const rest = html.replace(registrations, "").replace(fallback, "");
  const named = (name: string) =>
    rest.includes(`${name})`) || rest.includes(`${name},`) || rest.includes(`${name}:`);
  return rest === html
    ? html
    : html.replace(fallback, "").replace(registrations, (rule, name: string) => (named(name) ? rule : ""));
}

/**
 * Markup a page carries only so that its critical CSS holds what a script paints before the first frame (the cart's
 * lines, painted from the browser's storage by an inline script: CartScreen.astro): Beasties matches the rules against
 * it like the rest of the page, then it leaves the page.
 */
const CRITICAL_CSS_SAMPLE = /<template data-critical-css-only>[\s\S]*?<\/template>/g;

export function dropCriticalCssSamples(html: string): string {
  return html.replace(CRITICAL_CSS_SAMPLE, "");
}

export function criticalCssProcessor(
  dist: string,
  reactRuntime: string | null = null,
): { process(html: string): Promise<string> } {
  const beasties = new Beasties({
    path: dist,
    publicPath: "/",
    // The stylesheet link moves to the end of <body> (deferAssets() then puts it in a template).
    preload: "body",
    // The stylesheet file stays whole: other pages and later DOM (dialogs, menus) need the rest of it.
    pruneSource: false,
    // Tailwind's `:where(…)` rules (space-y-*, divide-*, preflight's [hidden]) are kept whole: Beasties cannot match
    // every one of them against the page (a missing `space-y-3` would move the FAQ when the full sheet arrives).
    allowRules: [/:where\(/],
    // Astro's own small <style> blocks stay as they are.
    reduceInlineStyles: false,
    compress: true,
    logLevel: "warn",
  });
  return {
    async process(html) {
      const critical = dropCriticalCssSamples(await beasties.process(html));
      return deferAssets(pruneTailwindProperties(pruneThemeVariables(critical)), reactRuntime);
    },
  };
}

export default function criticalCss(): AstroIntegration {
  return {
    name: "shop-critical-css",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const processor = criticalCssProcessor(dist, await reactRuntimeChunk(dist));
        const files = await htmlFiles(dist);
        for (const file of files)
          await writeFile(file, await processor.process(await readFile(file, "utf8")));
        logger.info(`critical CSS inlined in ${files.length} pages`);
      },
    },
  };
}

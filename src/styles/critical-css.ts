/**
 * Astro integration run after `astro build`: each page inlines the CSS its HTML uses (Beasties); the rest waits for
 * src/scripts/inline/deferred-assets.js after the first paint, so a page paints from its first round trip.
 */
import { readFileSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import Beasties from "beasties";
import { htmlFiles } from "../scripts/inline/integration";
import { inlineScriptText } from "../scripts/inline/text";

/** A page without the loader keeps its stylesheet and scripts as they are. */
const DEFERRED_ASSETS_LOADER = inlineScriptText(
  readFileSync(new URL("../scripts/inline/deferred-assets.js", import.meta.url), "utf8"),
);

const DEFERRED_LINK = /<link rel="(?:stylesheet|manifest|icon|apple-touch-icon)"[^>]*>/g;

/**
 * The <noscript> copy sits in <head>, where it may hold any <link>
 * (https://html.spec.whatwg.org/multipage/scripting.html#the-noscript-element); a placeholder is an inert <template>:
 * a module script of a made-up type could run, or be refused by the CSP as an inline script.
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
  // The loader may run before the parser has read the rest of the page: the template must precede it.
  const loader = scriptsDeferred.lastIndexOf("<script", scriptsDeferred.lastIndexOf(DEFERRED_ASSETS_LOADER));
  if (headEnd < 0 || loader < headEnd)
    throw new Error("deferAssets: a page without <head>, or its loader in it.");
  const head = scriptsDeferred.slice(0, headEnd).replace(DEFERRED_LINK, "");
  const body = scriptsDeferred.slice(headEnd, loader).replace(DEFERRED_LINK, "");
  const rest = scriptsDeferred.slice(loader).replace(DEFERRED_LINK, "");
  const noscript = links.length > 0 ? `<noscript>${moved}</noscript>` : "";
  return `${head}${noscript}${body}<template data-deferred-head>${moved}${preloads.join("")}</template>${rest}`;
}

export function islandPreloads(html: string, reactRuntime: string | null): string[] {
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map(([tag]) => tag);
  if (islands.length === 0) return [];
  const urls = new Set<string>(reactRuntime ? [reactRuntime] : []);
  for (const tag of islands) {
    for (const [, url] of tag.matchAll(/\b(?:renderer|component)-url="([^"]+)"/g)) urls.add(url as string);
  }
  return [...urls].map((url) => `<link rel="modulepreload" href="${url}">`);
}

export async function reactRuntimeChunk(dist: string): Promise<string | null> {
  const files = await readdir(`${dist}/_astro`).catch(() => [] as string[]);
  const chunk = files.find((file) => /^react\.[\w-]+\.js$/.test(file));
  return chunk ? `/_astro/${chunk}` : null;
}

/** Keeps only the tokens the page references; the full stylesheet, after the first paint, declares them all. */
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
 * Keeps the `@property` registrations the page's rules name; browsers without `@property` miss only a shadow or a
 * ring in the first frame.
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

/** Markup kept only so the critical CSS holds what an inline script paints (CartScreen.astro); then removed. */
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
    preload: "body",
    // Other pages and later DOM (dialogs, menus) need the rest of it.
    pruneSource: false,
    // Beasties cannot match every `:where(…)` rule (a missing `space-y-3` would move the FAQ when the sheet arrives).
    allowRules: [/:where\(/],
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

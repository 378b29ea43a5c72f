/**
 * The inline scripts written in TypeScript (cart-boot.ts, checkout-first-step.ts, session-hint.ts): bundled and minified by esbuild
 * into one classic script, the same text on every call for the same sources, so that the page that prints it (through
 * `compiledInlineScript`) and the Content-Security-Policy that allows it (hashes.ts: local server, build check, the AWS
 * Router's function computed at deploy) always agree. esbuild is required from the repository's own node_modules at
 * call time, never bundled: SST bundles infra/ with this module, and esbuild's JavaScript API cannot run from a bundle.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The TypeScript sources of this folder that pages inline compiled. */
export const COMPILED_INLINE_SCRIPTS = ["cart-boot.ts", "checkout-first-step.ts", "session-hint.ts"] as const;
export type CompiledInlineScript = (typeof COMPILED_INLINE_SCRIPTS)[number];

/**
 * This folder: where the module runs from its source (tsx, Vitest), or found above the chunk Astro's build bundled it
 * into (<repository>/.astro/…/chunks/ or <outDir>/.prerender/chunks/, both inside the repository).
 */
function sourceFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (let folder = here; ; folder = dirname(folder)) {
    for (const candidate of [folder, join(folder, "src", "scripts", "inline")]) {
      if (existsSync(join(candidate, "compile.ts"))) return candidate;
    }
    if (dirname(folder) === folder) return here;
  }
}

const HERE = sourceFolder();

const compiled = new Map<string, string>();

/** esbuild, from the repository's node_modules (resolved from `folder`), at call time (never bundled: see above). */
function esbuild(folder: string = HERE): typeof import("esbuild") {
  return createRequire(join(folder, "compile.ts"))("esbuild") as typeof import("esbuild");
}

const minified = new Map<string, string>();

/**
 * A hand-written inline script (text.ts) minified: the same text on every call for the same source, so the page and
 * the policy's hash agree. Whitespace and local names cost bytes in every page's first round trip (the home's HTML
 * sits at its 14 KB).
 */
export function minifyInlineScript(source: string): string {
  const known = minified.get(source);
  if (known !== undefined) return known;
  const options = {
    minify: true,
    loader: "js",
    target: "es2020",
    charset: "utf8",
    legalComments: "none",
  } as const;
  const text = esbuild().transformSync(source, options).code.trim();
  // A closing tag inside the text would end the <script> element early.
  if (/<\/script/i.test(text)) throw new Error('minifyInlineScript: the script holds "</script"');
  minified.set(source, text);
  return text;
}

/** esbuild's output for one source, uncached (compiledInlineScript keeps it for the build's hundred pages). */
export function compileInlineScript(file: CompiledInlineScript, folder: string = HERE): string {
  const entry = join(folder, file);
  const result = esbuild(folder).buildSync({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    charset: "utf8",
    legalComments: "none",
    write: false,
  });
  const text = (result.outputFiles[0]?.text ?? "").trim();
  if (!text) throw new Error(`compileInlineScript: esbuild wrote nothing for ${entry}`);
  // A closing tag inside the text would end the <script> element early.
  if (/<\/script/i.test(text)) throw new Error(`compileInlineScript: ${file} holds "</script"`);
  return text;
}

/**
 * The script's text as pages carry it, between <script> and </script>.
 * @param folder where the sources are: this folder by default; a bundler that moves this module (SST's config bundle)
 *   passes `<repository>/src/scripts/inline`.
 */
export function compiledInlineScript(file: CompiledInlineScript, folder: string = HERE): string {
  const key = join(folder, file);
  const text = compiled.get(key) ?? compileInlineScript(file, folder);
  compiled.set(key, text);
  return text;
}

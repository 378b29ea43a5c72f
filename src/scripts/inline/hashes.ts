/**
 * The CSP hashes of every inline script a page may carry, computed from the sources, so that the local server, the
 * build's check and the AWS Router's function (computed when `sst deploy` runs) all allow the same scripts without
 * reading a build: our files of this folder (text.ts), the ones compiled from TypeScript (compile.ts: the same
 * deterministic esbuild output the pages print) and the scripts Astro writes into pages with islands (the
 * island element and one per client directive, from the installed astro package). The build fails on a page with
 * any other inline script (src/security/csp-integration.ts), so a policy can never block a page the build made.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import idleDirective from "astro/client/idle.prebuilt.js";
import loadDirective from "astro/client/load.prebuilt.js";
import mediaDirective from "astro/client/media.prebuilt.js";
import onlyDirective from "astro/client/only.prebuilt.js";
import visibleDirective from "astro/client/visible.prebuilt.js";
import islandScript from "astro/runtime/server/astro-island.prebuilt.js";
import { COMPILED_INLINE_SCRIPTS, compiledInlineScript } from "./compile";
import { INLINE_SCRIPT_FILES, inlineScriptText } from "./text";

/** The CSP source of a script's text: 'sha256-<base64>' without the quotes. */
export function scriptHash(text: string): string {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}

/** This folder, when the module runs from its source (tsx, Vitest, Astro's config loader). */
const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * @param folder where the inline scripts' files are: this folder by default; a bundler that moves this module (SST's
 *   config bundle) passes `<repository>/src/scripts/inline`.
 */
export function inlineScriptHashes(folder: string = HERE): string[] {
  const ours = [
    ...INLINE_SCRIPT_FILES.map((file) => inlineScriptText(readFileSync(join(folder, file), "utf8"))),
    ...COMPILED_INLINE_SCRIPTS.map((file) => compiledInlineScript(file, folder)),
  ];
  const astro = [islandScript, idleDirective, loadDirective, mediaDirective, onlyDirective, visibleDirective];
  return [...new Set([...ours, ...astro].map(scriptHash))];
}

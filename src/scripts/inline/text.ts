/**
 * The inline scripts of the pages: small framework-free files of this folder, put into the HTML minified (compile.ts).
 * The page's Content-Security-Policy allows each of them by its hash (hashes.ts), so a page runs no inline script but
 * these and Astro's own island scripts.
 */
import { minifyInlineScript } from "./compile";

export const INLINE_SCRIPT_FILES = [
  "page-boot.js",
  "faq-accordion.js",
  "history-back.js",
  "offline-retry.js",
  "deferred-assets.js",
] as const;

export type InlineScriptFile = (typeof INLINE_SCRIPT_FILES)[number];

/** What goes between <script> and </script>: the file minified (its doc comment, for readers of the source, goes). */
export function inlineScriptText(source: string): string {
  return minifyInlineScript(source);
}

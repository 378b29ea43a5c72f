/**
 * Astro integration run after `astro build`: every inline script of every page must be one the Content-Security-Policy
 * allows (hashes.ts). A page with any other (a `<script>` Astro chose to inline, a new directive, a changed Astro) fails
 * the build, before a deploy or a publish could ship a page whose script the browsers would block.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { inlineScriptHashes, scriptHash } from "./hashes";

/** Types of <script> a browser runs; any other type (application/ld+json...) is data, which CSP does not govern. */
const EXECUTABLE = /^(|text\/javascript|application\/javascript|module)$/i;

/**
 * Tags, comments and text in document order. A tag is read whole, its quoted attribute values included, so a
 * `<script>` written inside an attribute (a product description in `<meta content="…">`, which Astro escapes for the
 * attribute only) is text of that attribute, not a script.
 */
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?|\s*\/)*)\s*>|<\/[^>]*>|<|[^<]+/g;

export function executableInlineScripts(html: string): string[] {
  const scripts: string[] = [];
  TOKEN.lastIndex = 0;
  for (let token = TOKEN.exec(html); token !== null; token = TOKEN.exec(html)) {
    const name = token[1]?.toLowerCase();
    if (name !== "script" && name !== "style") continue;
    // Raw text up to the element's end tag: nothing in it is a tag.
    const end = html.slice(TOKEN.lastIndex).search(new RegExp(`</${name}\\s*>`, "i"));
    const content =
      end < 0 ? html.slice(TOKEN.lastIndex) : html.slice(TOKEN.lastIndex, TOKEN.lastIndex + end);
    TOKEN.lastIndex = end < 0 ? html.length : TOKEN.lastIndex + end;
    if (name === "style") continue;
    const attributes = token[2] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = attributes.match(/\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i);
    if (EXECUTABLE.test((type?.[1] ?? type?.[2] ?? type?.[3] ?? "").trim())) scripts.push(content);
  }
  return scripts;
}

/** The inline scripts of a page whose hash is not allowed: their first characters, for the build's message. */
export function disallowedInlineScripts(html: string, allowed: ReadonlySet<string>): string[] {
  return executableInlineScripts(html)
    .filter((text) => !allowed.has(scriptHash(text)))
    .map((text) => text.trim().slice(0, 80));
}

export async function htmlFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => join(entry.parentPath, entry.name));
}

export default function inlineScriptsCheck(): AstroIntegration {
  return {
    name: "shop-inline-scripts-check",
    hooks: {
      "astro:build:done": async ({ dir }) => {
        const out = fileURLToPath(dir);
        const allowed = new Set(inlineScriptHashes());
        const problems: string[] = [];
        for (const file of await htmlFiles(out)) {
          for (const start of disallowedInlineScripts(await readFile(file, "utf8"), allowed)) {
            problems.push(`${relative(out, file)}: ${JSON.stringify(start)}`);
          }
        }
        if (problems.length > 0) {
          throw new Error(
            `Inline scripts the Content-Security-Policy would block (put them in src/scripts/inline/ and text.ts):\n${problems.join("\n")}`,
          );
        }
      },
    },
  };
}

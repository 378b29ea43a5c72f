import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Writes a small build into `root` (created if needed), one file per path as Astro lays them out (`faq/index.html`),
 * for the local server's tests and the edge rehearsal; returns `root`.
 */
export function writeBuiltSite(root: string, files: Record<string, string | Uint8Array>): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

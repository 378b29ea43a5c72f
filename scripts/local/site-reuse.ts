/**
 * A restart serves the site it built last, at once, when nothing it was built from has changed: the site's code and
 * the build's settings, told by a key written in each build's folder (`siteBuildKey`), and the shop's data, told by
 * the publish status the start reads (scripts/start.ts republishes in the background when the data changed). A new
 * checkout of the code, another SITE_URL or measurement id, or a build that never finished: built again, as a first
 * start does.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";

/** What the build reads besides the API: the site's code and the settings it prints. */
const BUILD_INPUTS = ["src", "public", "astro.config.mjs", "tsconfig.json", "package-lock.json"];
const KEY_FILE = ".build-key";

async function filesUnder(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => null);
  if (!info) return [];
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** A fingerprint of what a build of this checkout, with these settings, is made from. */
export async function siteBuildKey(
  repository: string,
  settings: Record<string, string | undefined>,
): Promise<string> {
  const hash = createHash("sha256");
  hash.update(JSON.stringify(Object.entries(settings).sort()));
  for (const input of BUILD_INPUTS) {
    for (const file of await filesUnder(join(repository, input))) {
      hash.update(`\0${relative(repository, file)}\0`);
      hash.update(await readFile(file));
    }
  }
  return hash.digest("hex");
}

/** Marks a finished build with the key of what it was built from. */
export async function stampBuild(dir: string, key: string): Promise<void> {
  await writeFile(join(dir, KEY_FILE), key);
}

/** The first of `candidates` (newest first) that a build with `key` finished, or null. */
export async function reusableSite(
  candidates: readonly (string | null)[],
  key: string,
): Promise<string | null> {
  for (const dir of candidates) {
    if (!dir) continue;
    const stamped = await readFile(join(dir, KEY_FILE), "utf8").catch(() => null);
    if (stamped === key) return dir;
  }
  return null;
}

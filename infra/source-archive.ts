/**
 * The zip a publish builds from (infra/publish.ts uploads it as the CodeBuild project's S3 source). Pure Node, no SST
 * globals, so tests/infra can open what it writes. Why write a zip here: CodeBuild reads an S3 source as a zip, and
 * Pulumi's `aws.s3.BucketObjectv2` uploads a file as it is (its `source` is a file asset, it does not zip a folder).
 *
 * The zip is deterministic (sorted entries, a fixed date, no extra fields), so a deploy re-uploads it only when a
 * build input changed, and the file is rewritten only when its bytes differ.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { crc32, deflateRawSync } from "node:zlib";

/**
 * What `npm ci && npm run build` reads: the manifest and lock file (same dependencies, same Node through the `node`
 * package), Astro's and TypeScript's configuration, the site's sources and static files. The build reads the
 * catalogue and settings from the API, never from this repository's functions/ or scripts/.
 */
export const siteSourcePaths = [
  "package.json",
  "package-lock.json",
  "astro.config.mjs",
  "tsconfig.json",
  "src",
  "public",
] as const;

export interface ArchiveEntry {
  /** Path inside the zip, with forward slashes. */
  readonly name: string;
  readonly data: Buffer;
}

/** Every file under `paths` (files or folders, relative to `root`), sorted by their path in the zip. */
export function collectFiles(root: string, paths: readonly string[]): ArchiveEntry[] {
  const files: ArchiveEntry[] = [];
  const visit = (path: string) => {
    const absolute = join(root, path);
    const stats = statSync(absolute);
    if (stats.isDirectory()) {
      for (const child of readdirSync(absolute)) visit(join(path, child));
    } else if (stats.isFile()) {
      files.push({ name: relative(root, absolute).split(sep).join("/"), data: readFileSync(absolute) });
    }
  };
  for (const path of paths) {
    if (!existsSync(join(root, path))) throw new Error(`The site build needs ${path}, missing from ${root}`);
    visit(path);
  }
  return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

// 1980-01-01 00:00:00 in MS-DOS format: the earliest date a zip can hold, the same for every build.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const UTF8_NAMES = 0x0800;
const DEFLATE = 8;

/** A zip of `entries` (deflated, UTF-8 names, regular files readable by all). */
export function zip(entries: readonly ArchiveEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const compressed = deflateRawSync(entry.data, { level: 9 });
    const checksum = crc32(entry.data);
    if (compressed.length > 0xffffffff || entry.data.length > 0xffffffff || offset > 0xffffffff) {
      throw new Error(`${entry.name}: too large for a zip without ZIP64`);
    }

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, zip 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(DEFLATE, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    // extra length, comment length, disk number, internal attributes: 0
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // -rw-r--r--
    central.writeUInt32LE(offset, 42);

    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  if (entries.length > 0xffff) throw new Error("Too many files for a zip without ZIP64");
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * Writes the zip of the site's build inputs to `outFile` (rewritten only when it changes) and returns its path, its
 * SHA-256 and the files it holds.
 */
export function writeSourceArchive(
  root: string,
  outFile: string,
  paths: readonly string[] = siteSourcePaths,
): { path: string; sha256: string; files: string[] } {
  const entries = collectFiles(root, paths);
  const bytes = zip(entries);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const unchanged = existsSync(outFile) && readFileSync(outFile).equals(bytes);
  if (!unchanged) {
    mkdirSync(dirname(outFile), { recursive: true });
    writeFileSync(outFile, bytes);
  }
  return { path: outFile, sha256, files: entries.map((entry) => entry.name) };
}

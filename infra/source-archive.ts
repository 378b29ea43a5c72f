/**
 * The zip a publish builds from: CodeBuild reads an S3 source as a zip, and Pulumi uploads a file as it is. Pure
 * Node, so tests/infra can open it. Deterministic, so a deploy re-uploads it only when a build input changed.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { crc32, deflateRawSync } from "node:zlib";

/** What `npm ci && npm run build` reads; the build reads catalogue and settings from the API. */
export const siteSourcePaths = [
  "package.json",
  "package-lock.json",
  "astro.config.mjs",
  "tsconfig.json",
  "src",
  "public",
] as const;

export interface ArchiveEntry {
  readonly name: string;
  readonly data: Buffer;
}

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

/** Shared by a local header and its central directory record (PKWARE's APPNOTE.TXT, 4.3.7 and 4.3.12). */
function writeEntryFields(
  header: Buffer,
  at: number,
  entry: { checksum: number; compressedSize: number; size: number; nameLength: number },
): void {
  header.writeUInt16LE(20, at); // zip 2.0: deflate
  header.writeUInt16LE(UTF8_NAMES, at + 2);
  header.writeUInt16LE(DEFLATE, at + 4);
  header.writeUInt16LE(DOS_TIME, at + 6);
  header.writeUInt16LE(DOS_DATE, at + 8);
  header.writeUInt32LE(entry.checksum, at + 10);
  header.writeUInt32LE(entry.compressedSize, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.nameLength, at + 22);
}

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

    const described = {
      checksum,
      compressedSize: compressed.length,
      size: entry.data.length,
      nameLength: name.length,
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, described);
    local.writeUInt16LE(0, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, zip 2.0
    writeEntryFields(central, 6, described);
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

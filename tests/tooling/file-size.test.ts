/**
 * Files do one job: no source file is over 400 lines. A longer one is split along its jobs, as the admin's order card,
 * the tracking page and the mails were. Tests, type declarations and generated files are not source files here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..", "..");
const MAX_LINES = 400;
const SOURCE_FOLDERS = ["src", "functions", "infra", "scripts"];
const SOURCE = /\.(ts|tsx|astro|mjs|js|css)$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => SOURCE.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => `${folder}/${file.split("\\").join("/")}`);
}

const lengths = SOURCE_FOLDERS.flatMap(sourceFiles).map((file) => ({
  file,
  lines: readFileSync(join(root, file), "utf8").trimEnd().split("\n").length,
}));

describe("source files", () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const long = lengths
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it("are found in every source folder", () => {
    for (const folder of SOURCE_FOLDERS)
      expect(lengths.filter(({ file }) => file.startsWith(`${folder}/`)).length, folder).toBeGreaterThan(10);
  });
});

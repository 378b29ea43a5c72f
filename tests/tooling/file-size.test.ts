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

/** Files still being split, each with the length it may not grow past. The list only shrinks. */
const STILL_TO_SPLIT: Record<string, number> = {
  "functions/payments/paypal-checkout.ts": 464,
  "functions/platform/adapters/paypal.ts": 421,
  "src/domain/admin/owner-todo.ts": 489,
  "src/domain/orders/plan-order.ts": 424,
  "src/domain/shipping/colissimo-label.ts": 583,
};

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
  it(`are at most ${MAX_LINES} lines each, but for the listed ones`, () => {
    const long = lengths
      .filter(({ file, lines }) => lines > (STILL_TO_SPLIT[file] ?? MAX_LINES))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it("still over the bound are exactly the listed ones (remove a file once it is split)", () => {
    const over = lengths.filter(({ lines }) => lines > MAX_LINES).map(({ file }) => file);
    expect(over.sort()).toEqual(Object.keys(STILL_TO_SPLIT).sort());
  });

  it("are found in every source folder", () => {
    for (const folder of SOURCE_FOLDERS)
      expect(lengths.filter(({ file }) => file.startsWith(`${folder}/`)).length, folder).toBeGreaterThan(10);
  });
});

/** The checkout's components stay readable: none over 200 lines (a bigger one is split, as PickupPicker was). */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..", "..");
const checkout = join(root, "src", "islands", "checkout");
const MAX_LINES = 200;

describe("checkout components", () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const files = readdirSync(checkout, { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".tsx"),
    );
    expect(files.length).toBeGreaterThan(10);
    const long = files
      .map((file) => ({
        file: relative(root, join(checkout, file)),
        lines: readFileSync(join(checkout, file), "utf8").split("\n").length,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});

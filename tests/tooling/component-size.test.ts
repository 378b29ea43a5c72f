/**
 * Components stay readable: none over 200 lines (a bigger one is split, as PickupPicker, the admin's OrderCard and
 * TodoList, the tracking page and the withdrawal page were), in the checkout, the order tracking page, the withdrawal
 * page, and the admin's order card, shipping labels, settings and to-do list.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..", "..");
const islands = join(root, "src", "islands");
const MAX_LINES = 200;

/** The folders the rule covers, and the fewest components each holds (so a moved folder is not silently skipped). */
const folders: [string, number][] = [
  ["checkout", 11],
  [join("orders", "admin", "order-card"), 5],
  [join("shipping", "admin"), 3],
  [join("settings", "admin"), 7],
  [join("admin", "todo"), 6],
  [join("orders", "tracking"), 10],
  ["withdrawals", 5],
];

describe.each(folders)("the components of src/islands/%s", (folder, fewest) => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const dir = join(islands, folder);
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".tsx"),
    );
    expect(files.length).toBeGreaterThanOrEqual(fewest);
    const long = files
      .map((file) => ({
        file: relative(root, join(dir, file)),
        lines: readFileSync(join(dir, file), "utf8").split("\n").length,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});

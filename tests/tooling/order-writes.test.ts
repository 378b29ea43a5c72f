/**
 * Issue 29: every write of an order moves its version, and only the lifecycle writes its status. The version is what
 * the lifecycle's optimistic concurrency (changeOrder) conditions on: a write that skips it lets a decision made on
 * the order before that write go through as if nothing had changed (order-lifecycle.md). This scans the sources
 * for every write of the order entity, wherever it is, so the next one cannot forget.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sources(path);
    return /\.(ts|tsx|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each write of the order entity: the file, the method, and the chain up to where it is sent (go or commit). */
function orderWrites(): { file: string; method: string; chain: string }[] {
  return ["functions", "scripts"].flatMap(sources).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return [
      ...text.matchAll(
        /\borderEntity\s*(?:\.\s*transact\s*)?\(\s*[\w.]*\s*\)\s*\.\s*(patch|update|upsert|put|create|delete|remove)\s*\(/g,
      ),
    ].map((match) => {
      const start = match.index ?? 0;
      const end = text.slice(start).search(/\.\s*(go|commit)\s*\(/);
      return { file, method: match[1] ?? "", chain: text.slice(start, end < 0 ? undefined : start + end) };
    });
  });
}

const LIFECYCLE = join("functions", "orders", "changes.ts");
const MOVE_ORDER = join("functions", "orders", "lifecycle.ts");

/** The top-level keys of the object literal that opens at `text[start]` ("{"), spreads and nested objects skipped. */
function topLevelKeys(text: string, start: number): string[] {
  const keys: string[] = [];
  let depth = 0;
  let expectKey = true;
  for (let i = start; i < text.length; i++) {
    const char = text[i] ?? "";
    if (/["'`]/.test(char)) {
      // Skip a string literal (a key in quotes is read as a key).
      const end = text.indexOf(char, i + 1);
      if (depth === 1 && expectKey && text.slice(end + 1).match(/^\s*:/)) keys.push(text.slice(i + 1, end));
      i = end < 0 ? text.length : end;
      expectKey = false;
      continue;
    }
    if ("{[(".includes(char)) depth++;
    else if ("}])".includes(char)) {
      depth--;
      if (depth === 0) break;
    } else if (depth === 1 && char === ",") expectKey = true;
    else if (depth === 1 && expectKey && /[A-Za-z_$]/.test(char)) {
      const name = /^[A-Za-z_$][\w$]*/.exec(text.slice(i))?.[0] ?? "";
      const after = text.slice(i + name.length);
      // `key: value` or the shorthand `key,` / `key }` both write `key`.
      if (/^\s*(:|,|\})/.test(after)) keys.push(name);
      i += name.length - 1;
      expectKey = false;
    } else if (depth === 1 && !/\s/.test(char)) expectKey = false;
  }
  return keys;
}

/**
 * Each object a module outside the lifecycle gives an order write as its fields: `set: {...}` or `set: () => ({...})`
 * in what it passes to changeOrder or moveOrder, and `.set({...})` on the order entity. The file and the keys.
 */
function orderFieldObjects(): { file: string; keys: string[] }[] {
  return ["functions", "scripts", "src"].flatMap(sources).flatMap((file) => {
    if (file === LIFECYCLE || file === MOVE_ORDER) return [];
    const text = readFileSync(file, "utf8");
    const writesOrders = /\b(changeOrder|moveOrder)\s*\(|\borderEntity\b/.test(text);
    if (!writesOrders) return [];
    return [...text.matchAll(/\bset\s*(?::|\()\s*(?:\([^)]*\)\s*=>\s*\(?\s*)?\{/g)].map((match) => ({
      file,
      keys: topLevelKeys(text, (match.index ?? 0) + match[0].length - 1),
    }));
  });
}

describe("order writes", () => {
  const writes = orderWrites();

  it("are found where they are known to be (the scan itself works)", () => {
    const files = new Set(writes.map((write) => write.file));
    expect(files).toContain(LIFECYCLE);
    expect(files).toContain(join("functions", "orders", "place-order", "transaction-items.ts"));
  });

  it("each move the order's version", () => {
    const skipping = writes
      .filter((write) => write.method !== "create" && !/\.add\(\{[^}]*\bversion: 1\b/.test(write.chain))
      .map((write) => `${write.file}: ${write.chain.replace(/\s+/g, " ").slice(0, 120)}`);
    expect(skipping).toEqual([]);
  });

  it("no order is deleted, and only the lifecycle writes status or payment_status", () => {
    expect(writes.filter((write) => /delete|remove/.test(write.method)).map((write) => write.file)).toEqual(
      [],
    );
    const statusWriters = writes
      .filter((write) => write.file !== LIFECYCLE && write.method !== "create")
      .filter((write) =>
        [...write.chain.matchAll(/\.set\(\{([^}]*)\}/g)].some((set) =>
          /\b(status|payment_status)\b/.test(set[1] ?? ""),
        ),
      )
      .map((write) => write.file);
    expect(statusWriters).toEqual([]);
  });

  it("reads the fields of every write of an order (the scan itself works)", () => {
    expect(
      topLevelKeys("{ status: 'x', nested: { payment_status: 1 }, ...rest, tracking_number }", 0),
    ).toEqual(["status", "nested", "tracking_number"]);
    const files = new Set(orderFieldObjects().map((object) => object.file));
    expect(files).toContain(join("functions", "payments", "paypal-checkout", "capture.ts"));
    expect(files).toContain(join("functions", "payments", "paypal-holds.ts")); // set: () => ({ ... })
  });

  it("set status or payment_status nowhere outside the lifecycle, whatever the path (changeOrder, moveOrder's set)", () => {
    const writers = orderFieldObjects()
      .filter((object) => object.keys.some((key) => key === "status" || key === "payment_status"))
      .map((object) => `${object.file}: ${object.keys.join(", ")}`);
    expect(writers).toEqual([]);
  });

  it("write the two statuses through writeLifecycleChange, which only moveOrder's module imports", () => {
    const importers = ["functions", "scripts", "src", "tests"]
      .flatMap(sources)
      .filter((file) => file !== LIFECYCLE && file !== MOVE_ORDER)
      .filter((file) => /\bwriteLifecycleChange\b/.test(readFileSync(file, "utf8")));
    expect(importers).toEqual([]);
  });
});

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
      ...text.matchAll(/entities\s*\.\s*order\s*\.\s*(patch|update|upsert|put|create|delete|remove)\s*\(/g),
    ].map((match) => {
      const start = match.index ?? 0;
      const end = text.slice(start).search(/\.\s*(go|commit)\s*\(/);
      return { file, method: match[1] ?? "", chain: text.slice(start, end < 0 ? undefined : start + end) };
    });
  });
}

const LIFECYCLE = join("functions", "services", "order-changes.ts");

describe("order writes", () => {
  const writes = orderWrites();

  it("are found where they are known to be (the scan itself works)", () => {
    const files = new Set(writes.map((write) => write.file));
    expect(files).toContain(LIFECYCLE);
    expect(files).toContain(join("functions", "services", "place-order", "transaction-items.ts"));
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
});

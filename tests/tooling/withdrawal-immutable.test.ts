/**
 * A withdrawal request is recorded once and never changed (Code de la consommation L221-21: the request and its
 * timestamp are the customer's proof; docs/decisions/014-withdrawal.md). No code path may update, patch, upsert,
 * put, delete or remove a withdrawal item; the only write is the conditional create of services/withdrawals.ts.
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

const files = ["functions", "src", "scripts"].flatMap((root) => sources(root));

describe("withdrawal records are immutable", () => {
  it("no source file updates, replaces or deletes one", () => {
    const offending = files.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return [
        ...text.matchAll(
          /\bwithdrawal(?:Entity\s*(?:\.\s*transact\s*)?\(\s*[\w.]*\s*\))?\s*\.\s*(update|patch|upsert|put|delete|remove)\s*\(/g,
        ),
      ].map((match) => `${file}: ${match[0]}`);
    });
    expect(offending).toEqual([]);
  });

  it("the only write is the conditional create, in the withdrawal service", () => {
    const creators = files.filter((file) =>
      /\bwithdrawal(?:Entity\s*(?:\.\s*transact\s*)?\(\s*[\w.]*\s*\))?\s*\.\s*create\s*\(/.test(
        readFileSync(file, "utf8"),
      ),
    );
    expect(creators).toEqual([join("functions", "withdrawals", "service.ts")]);
  });

  it("every attribute of the entity is read-only", () => {
    const entity = readFileSync(join("functions", "withdrawals", "entity.ts"), "utf8");
    const attributes = entity.slice(entity.indexOf("attributes:"), entity.indexOf("indexes:"));
    const top = [...attributes.matchAll(/^ {4}(\w+): \{/gm)].map((match) => match[1]);
    expect(top.length).toBeGreaterThan(5);
    for (const name of top)
      expect(new RegExp(`^ {4}${name}: \\{[^]*?readOnly: true`, "m").test(attributes), name).toBe(true);
  });
});

/**
 * Features depend one way. Each folder under functions/ is a feature, except functions/platform (what every feature
 * shares: the database, the adapters, the HTTP plumbing) and functions/main (where the features are put together:
 * the route list, each Lambda's entry, the local server). This test builds the graph of imports between those
 * folders, as TypeScript reads them, and fails on a cycle, on an import of functions/main from a feature, and on an
 * import from orders into the features that build on it.
 *
 * What is still allowed against these rules is listed below with what will remove it. A list only shrinks: the test
 * also fails when a listed entry is gone, so the list is kept true.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..", "..");

/**
 * Each feature reads and writes only its own entities and offers functions to the others (a transaction's items
 * too, so a multi-item write stays one transaction). Imports of another feature's entity module still left, as
 * "feature -> module" (under functions/), each with why. The list only shrinks.
 */
const CROSS_FEATURE_ENTITY_USES_STILL_LEFT: Record<string, string> = {};

/** The features that build on orders: orders never imports them, it receives what it needs as a handler. */
const BUILT_ON_ORDERS = ["payments", "shipping", "withdrawals", "admin", "personal-data"];

type Edge = { from: string; to: string; file: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => join(dir, file));
}

/** The folder a file belongs to: the first `depth` parts of its path (a file at that level is its own node). */
function folderOf(path: string, depth: number): string {
  return path
    .split("/")
    .slice(0, depth)
    .join("/")
    .replace(/\.tsx?$/, "");
}

/** Every import between two folders of `dir` (static, dynamic and type-only), read by TypeScript's own scanner. */
function edgesOf(dir: string, depth: number): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(dir)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const target = relative(root, resolve(root, dirname(file), fileName));
      if (!target.startsWith(`${dir}/`)) continue;
      const from = folderOf(file, depth);
      const to = folderOf(target, depth);
      if (from !== to) edges.push({ from, to, file });
    }
  }
  return edges;
}

/** The strongly connected components of more than one folder (Tarjan), each sorted, in a stable order. */
function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)?.add(to);
    if (!next.has(to)) next.set(to, new Set());
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (onStack.has(target))
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

const functionsEdges = edgesOf("functions", 2);

describe("the features under functions/", () => {
  it("import each other without a cycle", () => {
    const cyclic = cycles(functionsEdges);
    const closing = cyclic.flatMap((component) =>
      functionsEdges
        .filter(({ from, to }) => component.includes(from) && component.includes(to))
        .map(({ file, to }) => `${file} → ${to}`),
    );
    expect({ cyclic, closing }).toEqual({ cyclic: [], closing: [] });
  });

  it("never import functions/main, where they are put together", () => {
    const intoMain = functionsEdges
      .filter(({ from, to }) => to === "functions/main" && from !== "functions/main")
      .map(({ file }) => file);
    expect(intoMain).toEqual([]);
  });

  it("keep orders below the features built on it: orders imports none of them", () => {
    const upward = functionsEdges
      .filter(
        ({ from, to }) =>
          from === "functions/orders" && BUILT_ON_ORDERS.some((feature) => to === `functions/${feature}`),
      )
      .map(({ file, to }) => `${file} → ${to}`);
    expect(upward).toEqual([]);
  });

  it("keep the platform free of features: each feature builds its own entities", () => {
    const intoFeatures = functionsEdges
      .filter(({ from, to }) => from === "functions/platform" && to !== "functions/platform")
      .map(({ file, to }) => `${file} → ${to}`);
    expect(intoFeatures).toEqual([]);
  });
});

/** The modules under functions/<feature>/ that define an entity (`defineEntity`), without their extension. */
function entityModules(): Set<string> {
  return new Set(
    sourceFiles("functions")
      .filter((file) => !file.startsWith("functions/platform/"))
      .filter((file) => /\bdefineEntity\(/.test(readFileSync(join(root, file), "utf8")))
      .map((file) => file.replace(/\.tsx?$/, "")),
  );
}

/** "f -> g/module" for each import, type-only included, of feature g's entity module by a file of feature f. */
function crossFeatureEntityUses(): string[] {
  const modules = entityModules();
  const uses = new Set<string>();
  for (const file of sourceFiles("functions")) {
    const feature = file.split("/")[1] ?? "";
    if (feature === "main" || feature === "platform") continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const target = relative(root, resolve(root, dirname(file), fileName)).replace(/\.tsx?$/, "");
      const owner = target.split("/")[1];
      if (modules.has(target) && owner !== feature)
        uses.add(`${feature} -> ${target.slice("functions/".length)}`);
    }
  }
  return [...uses].sort();
}

describe("the entities under functions/", () => {
  it("are found by the scan: each feature's entity modules", () => {
    const modules = entityModules();
    expect(modules).toContain("functions/orders/entity");
    expect(modules).toContain("functions/catalog/product-entity");
    expect(modules.size).toBeGreaterThanOrEqual(20);
  });

  it("are each used by their own feature only, but for the listed uses, all still there (the list only shrinks)", () => {
    expect(crossFeatureEntityUses()).toEqual(Object.keys(CROSS_FEATURE_ENTITY_USES_STILL_LEFT).sort());
  });
});

describe("the rules under src/domain/", () => {
  it("import each other without a cycle: a lower feature receives what it needs, or owns it", () => {
    expect(cycles(edgesOf("src/domain", 3))).toEqual([]);
  });
});

describe("the islands under src/islands/", () => {
  it("import each other without a cycle: the admin panel gathers the features' owner screens, never the reverse", () => {
    expect(cycles(edgesOf("src/islands", 3))).toEqual([]);
  });
});

describe("the test's reading of imports", () => {
  it("finds a cycle between two folders, and the import that closes it", () => {
    const edges: Edge[] = [
      { from: "functions/orders", to: "functions/payments", file: "functions/orders/refunds.ts" },
      { from: "functions/payments", to: "functions/orders", file: "functions/payments/capture.ts" },
      { from: "functions/payments", to: "functions/platform", file: "functions/payments/entity.ts" },
    ];
    expect(cycles(edges)).toEqual([["functions/orders", "functions/payments"]]);
    expect(cycles(edges.slice(1))).toEqual([]);
  });

  it("sees the imports of a real feature, type-only ones included", () => {
    const ofOrders = functionsEdges.filter(({ from }) => from === "functions/orders").map(({ to }) => to);
    expect(ofOrders).toEqual(
      expect.arrayContaining(["functions/platform", "functions/catalog", "functions/accounts"]),
    );
  });
});

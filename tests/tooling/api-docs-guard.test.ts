/**
 * What the contracts write behind `globalThis.API_DOCS_OMITTED ||` (src/domain/api-docs.d.ts) is `true`, not a schema,
 * in the bundles of the API's serving Lambdas: esbuild defines the constant there (infra/lambda-bundle.ts), and
 * nowhere else, so npm start and every other test run the documented value. A Lambda that read a guarded schema at
 * run time (`orderSchema.parse(...)`) would fail only on AWS. This scans the sources: a guarded name is read only by
 * the documentation (the contracts, the document's builder), in a type (`typeof`), or inside another guarded value;
 * and only the document's builder reads an operation's documentation (tag, summary, responses).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
function sources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.(test|check)\.tsx?$|\.d\.ts$/.test(name) ? [path] : [];
  });
}

const files = ["functions", "src"].flatMap((folder) => sources(join(root, folder)));
const texts = new Map(files.map((file) => [relative(root, file), readFileSync(file, "utf8")]));

/** Files that are documentation: read by the docs function and npm start's document only. */
const documentation = (file: string) =>
  /contract\.ts$/.test(file) || file === join("functions", "platform", "openapi.ts");

/** The guarded declarations: `export const name = globalThis.API_DOCS_OMITTED || …`, up to the next statement. */
function guardedDeclarations() {
  return [...texts].flatMap(([file, text]) =>
    [...text.matchAll(/export const (\w+)\s*=\s*globalThis\.API_DOCS_OMITTED \|\|/g)].map((match) => {
      const start = match.index ?? 0;
      const next = text.slice(start + 1).search(/\n(export |const |function |type |interface |\/\*\*)/);
      return { file, name: match[1] ?? "", start, end: next < 0 ? text.length : start + 1 + next };
    }),
  );
}

describe("the documentation the serving Lambdas are built without", () => {
  const declarations = guardedDeclarations();

  it("finds the guarded schemas (the scan itself works)", () => {
    expect(declarations.map((declaration) => declaration.name)).toEqual(
      expect.arrayContaining([
        "errorResponseSchema",
        "orderSchema",
        "rateLimitedSchema",
        "withdrawalViewSchema",
      ]),
    );
  });

  it("is read at run time by nothing a serving Lambda runs", () => {
    const readers: string[] = [];
    for (const [file, text] of texts) {
      if (documentation(file)) continue;
      const guardedHere = declarations.filter((declaration) => declaration.file === file);
      // A guarded name counts where it is declared or imported from its module (another orderSchema is another value).
      const imported = (declaration: (typeof declarations)[number]) =>
        [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"([^"]+)"/g)].some(
          ([, names, from]) =>
            new RegExp(`\\b${declaration.name}\\b`).test(names ?? "") &&
            relative(root, join(root, dirname(file), `${from}.ts`)) === declaration.file,
        );
      for (const { name } of declarations.filter((d) => d.file === file || imported(d))) {
        for (const match of text.matchAll(new RegExp(`\\b${name}\\b`, "g"))) {
          const at = match.index ?? 0;
          const line = text.slice(text.lastIndexOf("\n", at) + 1, text.indexOf("\n", at));
          const inType = /typeof\s*$/.test(text.slice(Math.max(0, at - 12), at));
          const inImport = /^\s*(import\b|[\w\s,{}]*\bfrom\b|\w+,?\s*$)/.test(line) && !line.includes("(");
          const inGuarded = guardedHere.some(
            (declaration) => at >= declaration.start && at < declaration.end,
          );
          if (!inType && !inImport && !inGuarded) readers.push(`${file}: ${line.trim()}`);
        }
      }
    }
    expect(readers).toEqual([]);
  });

  it("keeps each operation's tag, summary and answers for the document's builder alone", () => {
    const readers = [...texts]
      .filter(([file]) => !documentation(file))
      .flatMap(([file, text]) =>
        [...text.matchAll(/\b(?:operation|doc|op)\??\.(?:responses|summary|tag)\b/g)].map(
          (match) => `${file}: ${match[0]}`,
        ),
      );
    expect(readers).toEqual([]);
    expect(texts.get(join("functions", "platform", "route.ts"))).not.toMatch(/\.(responses|summary)\b/);
  });
});

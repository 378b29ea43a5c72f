/**
 * The browser calls the API through one client typed from the OpenAPI document (src/lib/api/client.ts): a path
 * written by hand anywhere else would escape the check that it is a path the API declares. In src/, a string or
 * template literal holding "/api/" must be the path of a client call (api.GET/POST/PUT/DELETE/PATCH), or the path
 * argument of a function whose path parameter is typed ApiPath (keyof paths), or a value declared ApiPath; the few
 * files below are the exceptions, each with its reason.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..", "..");

/** Files that may hold an /api/ literal outside a typed call, and why. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  "src/pwa/service-worker.js":
    "routes every /api/ request to the network by its prefix; it calls nothing itself",
  "src/lib/early-reads.ts":
    "reads early only same-origin API paths (a prefix check); the paths are typed ApiPath",
  "src/pages/robots.txt.ts": "a Disallow line for crawlers, not a call",
  "src/domain/publishing/security-headers.ts":
    "the CSP report-uri, a header value the server shares, not a call",
  "src/domain/catalog/product-photos.ts": "the photo routes' mount, shared with the server's body limits",
  "src/domain/reviews/opt-out.ts":
    "the invitation opt-out's path, shared with the server's body check and the mail's List-Unsubscribe header",
};

const CLIENT_METHODS = new Set(["GET", "POST", "PUT", "DELETE", "PATCH"]);
/** An API path, or the start of one: "/api" or "/api/…" (not a module like "./api/client"). */
const isApiPath = (text: string) => text === "/api" || text.startsWith("/api/");
const API = /\/api\//;

function sourceFiles(): string[] {
  return readdirSync(join(root, "src"), { recursive: true, encoding: "utf8" })
    .map((file) => `src/${file.split("\\").join("/")}`)
    .filter((file) => /\.(ts|tsx|js|astro)$/.test(file))
    .filter((file) => !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts"));
}

/** Whether a parameter's type is ApiPath (or part of it), or a type parameter that extends it. */
function isApiPathParameter(fn: ts.SignatureDeclaration, source: ts.SourceFile): boolean {
  const type = fn.parameters[0]?.type?.getText(source);
  if (type !== undefined && /^(ApiPath|Extract<ApiPath,.*>)$/s.test(type)) return true;
  return Boolean(
    fn.typeParameters?.some((p) => p.name.text === type && p.constraint?.getText(source) === "ApiPath"),
  );
}

/** The names of the functions, across src, whose first parameter is typed ApiPath. */
function apiPathFunctions(files: readonly { file: string; source: ts.SourceFile }[]): Set<string> {
  const names = new Set<string>();
  for (const { source } of files) {
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionDeclaration(node) && node.name && isApiPathParameter(node, source))
        names.add(node.name.text);
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)) &&
        isApiPathParameter(node.initializer, source)
      )
        names.add(node.name.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return names;
}

/** The call whose first argument `node` is, through any `a ? "x" : "y"` or parentheses. */
function callOfFirstArgument(node: ts.Node): ts.CallExpression | undefined {
  let child = node;
  let parent = node.parent;
  while (parent && (ts.isConditionalExpression(parent) || ts.isParenthesizedExpression(parent))) {
    if (ts.isConditionalExpression(parent) && parent.condition === child) return undefined;
    child = parent;
    parent = parent.parent;
  }
  return parent && ts.isCallExpression(parent) && parent.arguments[0] === child ? parent : undefined;
}

function allowed(literal: ts.Node, typedFunctions: ReadonlySet<string>, source: ts.SourceFile): boolean {
  const call = callOfFirstArgument(literal);
  if (call) {
    const callee = call.expression;
    if (ts.isPropertyAccessExpression(callee))
      return callee.expression.getText(source) === "api" && CLIENT_METHODS.has(callee.name.text);
    return ts.isIdentifier(callee) && typedFunctions.has(callee.text);
  }
  const declaration = literal.parent;
  return ts.isVariableDeclaration(declaration) && declaration.type?.getText(source) === "ApiPath";
}

/** Each /api/ literal of a parsed file that is not a typed path, as `file:line: text`. */
function untypedLiterals(file: string, source: ts.SourceFile, typedFunctions: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const texts =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? [node.text]
        : ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
          : [];
    // A literal type (ApiAnswer<"/api/…">) is a path the type checker holds against the document; it calls nothing.
    const inType = node.parent !== undefined && ts.isLiteralTypeNode(node.parent);
    if (texts.some(isApiPath) && !inType && !allowed(node, typedFunctions, source)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${file}:${line}: ${node.getText(source)}`);
    }
    // A hand-written path handed to the former apiRequest is refused whatever it holds.
    if (ts.isCallExpression(node) && node.expression.getText(source) === "apiRequest") {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${file}:${line}: apiRequest(…), not the typed client`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** An .astro file's TypeScript (frontmatter and scripts) and its template without comments. */
function astroParts(text: string): { scripts: string[]; template: string } {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const rest = front ? text.slice(front[0].length) : text;
  const scripts = [...rest.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
  const template = rest
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    // AppScreen types its early reads ApiPath[] (components/site/AppScreen.astro).
    .replace(/\bearlyReads=\{\[[^\]]*\]\}/g, "");
  return { scripts: [front?.[1] ?? "", ...scripts], template };
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

/** Every /api/ literal of src that is not a typed path, outside the exceptions. */
function untypedApiPaths(files: readonly { file: string; text: string }[]): string[] {
  const parsed = files.flatMap(({ file, text }) =>
    file.endsWith(".astro")
      ? astroParts(text).scripts.map((script, index) => ({
          file,
          source: parse(`${file}.${index}.ts`, script),
        }))
      : [{ file, source: parse(file, text) }],
  );
  const typedFunctions = apiPathFunctions(parsed);
  const found = parsed.flatMap(({ file, source }) => untypedLiterals(file, source, typedFunctions));
  for (const { file, text } of files) {
    if (!file.endsWith(".astro")) continue;
    const { template } = astroParts(text);
    for (const [index, line] of template.split("\n").entries())
      if (/["'`]\/api\//.test(line)) found.push(`${file} (template, line ${index + 1}): ${line.trim()}`);
  }
  return found;
}

const files = sourceFiles()
  .filter((file) => !(file in EXCEPTIONS))
  .map((file) => ({ file, text: readFileSync(join(root, file), "utf8") }));

describe("the browser's API calls", () => {
  it("write every API path as a path the document declares (the typed client's, or an ApiPath)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(untypedApiPaths(files)).toEqual([]);
  });

  it("keep the exceptions to files that exist", () => {
    for (const file of Object.keys(EXCEPTIONS)) expect(readFileSync(join(root, file), "utf8")).toMatch(API);
  });

  it("keep the client out of the inline scripts, compiled small into every page", () => {
    const inline = files.filter(({ file }) => file.startsWith("src/scripts/inline/"));
    expect(inline.length).toBeGreaterThan(0);
    for (const { file, text } of inline) expect(text, file).not.toMatch(/^import (?!type\b).*api\/client/m);
  });

  it.each([
    ['fetch("/api/products")', 1],
    [`apiRequest(\`/api/products/\${id}\`)`, 2],
    ['const path = "/api/auth/me";', 1],
    ['other.GET("/api/auth/me")', 1],
    ['api.GET("/api/auth/me"); api.POST("/api/auth/signout", {});', 0],
    ['api.GET(cond ? "/api/auth/me" : "/api/user/profile")', 0],
    ['const p: ApiPath = "/api/auth/me"; function get(path: ApiPath) {} get("/api/user/orders");', 0],
    ['function get(path: string) {} get("/api/user/orders");', 1],
    [`fetch(\`\${origin}/api/settings/company\`)`, 1],
    ['import { api } from "./api/client"; type A = ApiAnswer<"/api/auth/me">;', 0],
  ])("reads %s as %i untyped path(s)", (text, count) => {
    expect(untypedApiPaths([{ file: "src/lib/sample.ts", text }])).toHaveLength(count);
  });
});

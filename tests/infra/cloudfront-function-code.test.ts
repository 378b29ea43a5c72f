/**
 * infra/cloudfront-function-code.ts: the Router's request function minified within what cloudfront-js-2.0 documents.
 * The minified function itself is run by the edge rehearsal (tests/edge/), whose size test keeps 1 KB free.
 */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CLOUDFRONT_IMPORT, minifyFunctionCode } from "../../infra/cloudfront-function-code";

const repositoryRoot = resolve(import.meta.dirname, "../..");
const minify = (body: string) => minifyFunctionCode(`\n${CLOUDFRONT_IMPORT}\n${body}`, repositoryRoot);

describe("minifyFunctionCode", () => {
  it("keeps the import on the first line, the handler's name and the import's binding", () => {
    const code = minify(`async function handler(event) {
      const request = event.request;
      const value = await cf.kvs().get("key");
      request.headers["x-value"] = { value: value };
      return request;
    }`);
    const [first, second, ...rest] = code.split("\n");
    expect(first).toBe('import cf from "cloudfront";');
    expect(rest).toEqual([]);
    expect(second).toMatch(/^async function handler\(\w+\)\{/);
    expect(second).toContain('cf.kvs().get("key")');
  });

  it("writes what the runtime does not document in ES5: ?., ??, catch without binding, shorthand properties", () => {
    const code = minify(`async function handler(event) {
      const host = event.request.headers.host?.value ?? "";
      try { JSON.parse(host); } catch {}
      return { host };
    }`);
    expect(code).not.toMatch(/\?\.|\?\?|catch\{|\{host\}/);
    expect(code).toMatch(/catch\(\w+\)\{/);
  });

  it("keeps the documented syntax: const, let, async, await, arrow functions, templates, rest, **", () => {
    const code = minify(`async function handler(event, ...rest) {
      let n = 2 ** rest.length;
      const f = (x) => \`\${x}!\`;
      return await f(n);
    }`);
    expect(code).toMatch(/\*\*/);
    expect(code).toMatch(/=>/);
    expect(code).toContain("...");
    expect(code).toMatch(/\bawait\b/);
  });

  it("refuses syntax the runtime does not document and esbuild cannot write in ES5", () => {
    expect(() =>
      minify("async function handler(event) { const { request } = event; return request; }"),
    ).toThrow(/destructuring/);
    expect(() =>
      minify("async function handler(event) { for (const x of [1]) {} return event.request; }"),
    ).toThrow(/for-of/);
    expect(() => minify("async function handler(event) { return [...event.list]; }")).toThrow(/spread/);
  });

  it("refuses code without its one import or without a handler", () => {
    expect(() =>
      minifyFunctionCode("async function handler(event) { return event.request; }", repositoryRoot),
    ).toThrow(/import cf from "cloudfront"/);
    expect(() => minify("async function main(event) { return event.request; }")).toThrow(/handler/);
  });
});

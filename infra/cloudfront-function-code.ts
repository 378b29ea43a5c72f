/**
 * The Router's viewer-request function, minified at deploy: CloudFront Functions take at most 10 KB of code, and
 * SST's request function is about 8.9 KB before the project's injection, mostly indentation and long names. SST's
 * Router has no `transform` for its functions, so infra/web.ts replaces the code through a `$transform`.
 * esbuild is required from node_modules at call time: SST bundles infra/, and esbuild's API cannot run from a bundle.
 */
import { createRequire } from "node:module";
import { join } from "node:path";

export const CLOUDFRONT_FUNCTION_TYPE = "aws:cloudfront/function:Function";

/** The name SST gives the Router's viewer-request function (router.ts createRequestFunction). */
export function requestFunctionName(routerName: string): string {
  return `${routerName}CloudfrontFunctionRequest`;
}

/** The function's one import, on its first line, as SST writes it. */
export const CLOUDFRONT_IMPORT = 'import cf from "cloudfront";';
const IMPORT_LINE = /^[ \t]*import cf from "cloudfront";[ \t]*$/gm;

/**
 * The syntax cloudfront-js-2.0 documents beyond ES 5.1 ("JavaScript runtime 2.0 features"): anything else in the code
 * is refused by esbuild, and the minifier never introduces it.
 */
const RUNTIME_2_SYNTAX = {
  arrow: true,
  "const-and-let": true,
  "async-await": true,
  "template-literal": true,
  "exponent-operator": true,
  "rest-argument": true,
} as const;

function esbuild(repositoryRoot: string): typeof import("esbuild") {
  return createRequire(join(repositoryRoot, "package.json"))("esbuild") as typeof import("esbuild");
}

/** Minified within the documented syntax; `handler` keeps its name (esbuild does not rename a script's top level). */
export function minifyFunctionCode(code: string, repositoryRoot: string): string {
  const imports = code.match(IMPORT_LINE) ?? [];
  if (imports.length !== 1)
    throw new Error(`minifyFunctionCode: expected one line ${CLOUDFRONT_IMPORT}, found ${imports.length}`);
  const body = code.replace(IMPORT_LINE, "");
  const minified = esbuild(repositoryRoot)
    .transformSync(body, {
      loader: "js",
      minify: true,
      target: "es5",
      supported: RUNTIME_2_SYNTAX,
      charset: "ascii",
      legalComments: "none",
    })
    .code.trim();
  if (!/(^|[;}])(async )?function handler\(/.test(minified))
    throw new Error("minifyFunctionCode: the minified code has no function named handler");
  return `${CLOUDFRONT_IMPORT}\n${minified}`;
}

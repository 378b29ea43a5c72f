/**
 * The Router's viewer-request function, minified at deploy. CloudFront Functions take at most 10 KB of code ("Quotas
 * on CloudFront Functions"); SST 4.17.1's request function is about 8.9 KB before the project's injection (edge.ts),
 * most of it SST's own indentation, comments and long names. SST's Router offers no `transform` for its CloudFront
 * functions (router.ts: `cachePolicy`, `cdn`, `waf`, `wafLogGroup`, `wafLogging`), so infra/web.ts registers a
 * `$transform` on Pulumi's `aws.cloudfront.Function` (a stack transformation, which the Router's children inherit when
 * the Router is constructed after it) that replaces the request function's `code` with `minifyFunctionCode(code)`.
 * The edge rehearsal (tests/edge/) runs that minified code, and its size test keeps at least 1 KB free.
 *
 * esbuild is required from the repository's node_modules at call time, never bundled (SST bundles infra/, and
 * esbuild's JavaScript API cannot run from a bundle), as src/scripts/inline/compile.ts does.
 */
import { createRequire } from "node:module";
import { join } from "node:path";

/** Pulumi's type token of `aws.cloudfront.Function` (what `$transform` matches). */
export const CLOUDFRONT_FUNCTION_TYPE = "aws:cloudfront/function:Function";

/** The name SST 4.17.1 gives the Router's viewer-request function (router.ts createRequestFunction). */
export function requestFunctionName(routerName: string): string {
  return `${routerName}CloudfrontFunctionRequest`;
}

/** The function's one import, on its first line ("Helper methods for key value stores"), kept as SST writes it. */
export const CLOUDFRONT_IMPORT = 'import cf from "cloudfront";';
const IMPORT_LINE = /^[ \t]*import cf from "cloudfront";[ \t]*$/gm;

/**
 * The syntax cloudfront-js-2.0 documents beyond ES 5.1 (AWS, "JavaScript runtime 2.0 features for CloudFront
 * Functions", Core features): `const` and `let`, `async` and `await`, template literals, arrow functions, rest
 * parameters, the `**` operator. esbuild gets ES5 plus exactly these: whatever else the code held (destructuring,
 * `for...of`, spread, classes, `?.`, `??`, `catch {}`, shorthand properties...) is either written in ES5 or refused,
 * and the minifier itself never introduces it.
 */
const RUNTIME_2_SYNTAX = {
  arrow: true,
  "const-and-let": true,
  "async-await": true,
  "template-literal": true,
  "exponent-operator": true,
  "rest-argument": true,
} as const;

/** esbuild, from the repository's node_modules (never bundled: see above). */
function esbuild(repositoryRoot: string): typeof import("esbuild") {
  return createRequire(join(repositoryRoot, "package.json"))("esbuild") as typeof import("esbuild");
}

/**
 * A CloudFront function's code, minified (whitespace, syntax and local names) within the documented syntax: the
 * `import cf from "cloudfront";` line first, as SST writes it, then the code on one line. The top-level `handler`
 * keeps its name (esbuild does not rename a script's top-level names) and `cf` stays the import's binding.
 */
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

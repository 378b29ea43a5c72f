/**
 * `true` only in the bundles of the API's serving Lambdas, where esbuild defines it (infra/lambda-bundle.ts, used by
 * infra/api.ts and the bundle budget test alike); undefined everywhere else: the docs function (defined undefined), the
 * local server, the tests, the scripts and the site. What only the OpenAPI document reads is written behind it:
 * each operation's `...(globalThis.API_DOCS_OMITTED || { tag, summary, responses })` (functions/platform/contract.ts)
 * and the answer schemas nothing else uses (`export const orderSchema = globalThis.API_DOCS_OMITTED || z.object(...)`).
 * With the constant defined, esbuild's minifier folds each to `true` and drops the words and schemas: a Lambda serves
 * with method, path, params, query and body (route.ts). The type says undefined, as the document's code sees it, so
 * `Operation` keeps its documentation required and the schemas keep their types; code a Lambda runs must never read
 * what is behind it (tests/budgets/api-docs-omitted.test.ts serves the built bundles).
 */
declare var API_DOCS_OMITTED: undefined;

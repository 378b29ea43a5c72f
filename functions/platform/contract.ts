import * as z from "zod";

/**
 * One operation of the API, declared once (issue 29): the route module binds its handler to it (route.ts registers
 * the method, the path and the params/query/json validators from it) and the OpenAPI document is built from it
 * (openapi.ts). Pure data: schemas and words, never services, so the docs function loads the contracts without the
 * code that serves them (decision record 023).
 */
export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path, e.g. /api/products/{id}; route.ts serves it as Hono's /api/products/:id. */
  path: string;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * The body is documented but read by the handler itself, not validated from `body` (the browsers' several CSP
   * report formats and content types).
   */
  bodyReadByHandler?: true;
  /** Status -> description and, for JSON answers, the schema of the body. */
  responses: Record<number, { description: string; schema?: z.ZodType }>;
}

/** A feature's operations by name (the handlers name them: `route(app, withdrawalsContract.confirm, ...)`). */
export type Contract = Record<string, Operation>;

/**
 * The body of every error answer, as the document says it. Documentation only, like what a contract writes behind
 * `globalThis.API_DOCS_OMITTED ||` (src/domain/api-docs.d.ts): the serving Lambdas' bundles leave it out.
 */
export const errorResponseSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    error: z.string().describe("Message en français, destiné aux personnes."),
    code: z.string().describe("Code machine stable."),
    fields: z.record(z.string(), z.string()).optional(),
  });

/** An error answer: the French message and its code. */
export const errorResponse = (description: string) => ({ description, schema: errorResponseSchema });

/** The answers of an operation behind the admin guard (functions/platform/middleware/admin.ts). */
export const adminOnly = globalThis.API_DOCS_OMITTED || {
  401: errorResponse("Non connecté"),
  403: errorResponse("Réservé aux administrateurs"),
};

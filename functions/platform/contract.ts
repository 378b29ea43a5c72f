import * as z from "zod";

/**
 * One operation of the API, declared once: route.ts serves it and openapi.ts documents it. Pure data, so the docs
 * function loads the contracts without the code that serves them (docs/decisions/023-lean-lambdas.md).
 */
export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
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
  responses: Record<number, { description: string; schema?: z.ZodType }>;
}

export type Contract = Record<string, Operation>;

/** Documentation only, like every `globalThis.API_DOCS_OMITTED ||` value: the serving bundles leave it out. */
export const errorResponseSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    error: z.string().describe("Message en français, destiné aux personnes."),
    code: z.string().describe("Code machine stable."),
    fields: z.record(z.string(), z.string()).optional(),
  });

export const errorResponse = (description: string) => ({ description, schema: errorResponseSchema });

export const adminOnly = globalThis.API_DOCS_OMITTED || {
  401: errorResponse("Non connecté"),
  403: errorResponse("Réservé aux administrateurs"),
};

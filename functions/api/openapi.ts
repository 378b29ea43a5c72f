import * as z from "zod";

/**
 * One documented operation; functions/api/docs/<module>.ts lists those of each route module, apart from its
 * handlers, so that the docs function loads the documentation without the services (issue 18).
 */
export interface RouteDoc {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path, e.g. /api/products/{id}. */
  path: string;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Status -> description and, for JSON answers, the schema of the body. */
  responses: Record<number, { description: string; schema?: z.ZodType }>;
}

export const errorResponseSchema = z.object({
  error: z.string().describe("Message en français, destiné aux personnes."),
  code: z.string().describe("Code machine stable."),
  fields: z.record(z.string(), z.string()).optional(),
});

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  return z.toJSONSchema(schema, { io, unrepresentable: "any", target: "openapi-3.0" });
}

function parameters(doc: RouteDoc) {
  const list: object[] = [];
  for (const [location, schema] of [
    ["path", doc.params],
    ["query", doc.query],
  ] as const) {
    if (!schema) continue;
    for (const [name, field] of Object.entries(schema.shape)) {
      list.push({
        name,
        in: location,
        required: location === "path",
        schema: jsonSchema(field as z.ZodType, "input"),
      });
    }
  }
  return list;
}

/** The OpenAPI 3.1 document of the API, generated from the same zod schemas the routes validate with. */
export function buildOpenApiDocument(docs: readonly RouteDoc[]) {
  const paths: Record<string, Record<string, object>> = {};
  for (const doc of docs) {
    const operation = {
      summary: doc.summary,
      tags: [doc.tag],
      parameters: parameters(doc),
      ...(doc.body && {
        requestBody: {
          required: true,
          content: { "application/json": { schema: jsonSchema(doc.body, "input") } },
        },
      }),
      responses: Object.fromEntries(
        Object.entries(doc.responses).map(([status, response]) => [
          status,
          {
            description: response.description,
            ...(response.schema && {
              content: { "application/json": { schema: jsonSchema(response.schema, "output") } },
            }),
          },
        ]),
      ),
    };
    paths[doc.path] = { ...paths[doc.path], [doc.method]: operation };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "API de la boutique",
      version: "1.0.0",
      description:
        "API HTTP de la boutique de savons artisanaux. Erreurs : `{ error, code }` ; montants en euros (2 décimales).",
    },
    paths,
  };
}

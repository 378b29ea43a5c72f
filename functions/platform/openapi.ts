import * as z from "zod";
import { errorResponseSchema, type Operation } from "./contract";

/** OpenAPI 3.1's JSON Schema (draft 2020-12), not 3.0's dialect, which a 3.1 document must not use. */
function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  });
  return json;
}

/** A stable operationId from the method and the path: GET /api/products/{id} is getProductsById. */
export function operationId(doc: Pick<Operation, "method" | "path">): string {
  const words = doc.path
    .replace(/^\/api\/?/, "")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      return param ? ["by", ...param.split("_")] : segment.split(/[-_.]/);
    });
  return [doc.method, ...words.map((word) => word[0]?.toUpperCase() + word.slice(1))].join("");
}

/** Answers every operation may give besides its own: edge refusal, body limits, validation. */
export function commonResponses(doc: Operation): Operation["responses"] {
  const error = (description: string) => ({ description, schema: errorResponseSchema });
  const responses: Operation["responses"] = {
    403: error("Accès refusé (sur AWS : appel direct d'une URL de fonction, sans passer par le site)"),
    503: error("UNAVAILABLE : service momentanément indisponible, réessayer plus tard (Retry-After)"),
  };
  if (doc.params || doc.query || (doc.body && !doc.bodyReadByHandler))
    responses[400] = error("Paramètres invalides (VALIDATION ; fields donne le message de chaque champ)");
  if (doc.body) {
    responses[413] = error("Requête trop volumineuse");
    responses[415] = error("Contenu autre que JSON");
  }
  return responses;
}

function security(doc: Operation) {
  return 401 in doc.responses ? [{ session: [] }, { bearer: [] }] : [];
}

function parameters(doc: Operation) {
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

export function buildOpenApiDocument(docs: readonly Operation[]) {
  const paths: Record<string, Record<string, object>> = {};
  for (const doc of docs) {
    const responses = { ...commonResponses(doc), ...doc.responses };
    const operation = {
      operationId: operationId(doc),
      summary: doc.summary,
      tags: [doc.tag],
      security: security(doc),
      parameters: parameters(doc),
      ...(doc.body && {
        requestBody: {
          required: true,
          content: { "application/json": { schema: jsonSchema(doc.body, "input") } },
        },
      }),
      responses: Object.fromEntries(
        Object.entries(responses).map(([status, response]) => [
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
      license: { name: "Propriétaire : tous droits réservés", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/", description: "La boutique (même origine que le site)" }],
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          // SESSION_COOKIE's value (a test compares them): importing it would bring the services into the docs
          // function.
          name: "session",
          description: "Cookie de session HttpOnly posé par POST /api/auth/signin (navigateurs).",
        },
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "Le même jeton de session, pour les autres clients.",
        },
      },
    },
    paths,
  };
}

import type { Contract } from "../platform/contract";

export const openApiContract = {
  getOpenapiJson: {
    method: "get",
    path: "/api/openapi.json",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Documentation",
      summary: "Ce document OpenAPI",
      responses: { 200: { description: "Document OpenAPI 3.1" } },
    }),
  },
} satisfies Contract;

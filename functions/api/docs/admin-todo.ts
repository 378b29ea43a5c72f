/**
 * The OpenAPI documentation of routes/admin-todo.ts (functions/api/routes/openapi.ts gathers them): schemas and words
 * only, never services, so the docs function carries no more than the documentation.
 */
import { ownerTodoSchema } from "../../../src/domain/owner-todo-schemas";
import { errorResponseSchema, type RouteDoc } from "../openapi";

export const adminTodoDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/todo",
    tag: "Administration",
    summary:
      "La liste des choses à faire : commandes à expédier (délai de préparation 24-48 h), virements attendus, rétractations et remboursements dus (14 jours), stocks bas, lots qui expirent sous 60 jours, échec de publication",
    responses: {
      200: { description: "Liste des choses à faire", schema: ownerTodoSchema },
      401: { description: "Non connecté", schema: errorResponseSchema },
      403: { description: "Réservé aux administrateurs", schema: errorResponseSchema },
    },
  },
];

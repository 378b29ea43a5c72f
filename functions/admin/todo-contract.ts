/** Schemas and words only: the docs function loads it without the code that serves it. */
import { ownerTodoSchema } from "../../src/domain/admin/owner-todo-schemas";
import { type Contract, errorResponse } from "../platform/contract";

export const adminTodoContract = {
  getAdminTodo: {
    method: "get",
    path: "/api/admin/todo",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary:
        "La liste des choses à faire : commandes à expédier (délai de préparation 24-48 h), virements attendus, rétractations et remboursements dus (14 jours), stocks bas, lots qui expirent sous 60 jours, échec de publication",
      responses: {
        200: { description: "Liste des choses à faire", schema: ownerTodoSchema },
        401: errorResponse("Non connecté"),
        403: errorResponse("Réservé aux administrateurs"),
      },
    }),
  },
} satisfies Contract;

/** Served by the "lots" function, apart from the shoppers' waitlist. Schemas and words only. */
import { waitlistCountsSchema } from "../../src/domain/waitlist/waitlist-schemas";
import { type Contract, errorResponse as error } from "../platform/contract";

export const adminWaitlistContract = {
  getAdminWaitlist: {
    method: "get",
    path: "/api/admin/waitlist",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary: "Nombre de clients confirmés en attente du retour en stock, par produit",
      responses: {
        200: { description: "Comptes par produit", schema: waitlistCountsSchema },
        401: error("Non connecté"),
        403: error("Réservé à l'administrateur"),
      },
    }),
  },
} satisfies Contract;

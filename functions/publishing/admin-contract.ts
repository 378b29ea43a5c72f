/**
 * The owner's panel: the site's publishing, as the owner follows and retries it. Served behind the admin guard by functions/admin/routes.ts, documented from
 * functions/main/contracts.ts. Schemas and words only, never services: the docs function loads it without the code
 * that serves it.
 */
import * as z from "zod";
import { administration } from "../platform/admin-contract";
import type { Contract } from "../platform/contract";

const publishStatusSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    state: z.enum(["up_to_date", "pending", "publishing", "failed"]),
    label: z.string(),
    error: z.string().nullable(),
    requested_at: z.string().nullable(),
    published_at: z.string().nullable(),
  });

export const adminPublishingContract = {
  getAdminPublishing: {
    method: "get",
    path: "/api/admin/publishing",
    ...(globalThis.API_DOCS_OMITTED ||
      administration("État de la publication du site (Site à jour, Publication en cours…, Échec…)", {
        200: {
          description: "État",
          schema: publishStatusSchema,
        },
      })),
  },
  postAdminPublishingRetry: {
    method: "post",
    path: "/api/admin/publishing/retry",
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Relancer la publication du site (après un échec)", {
        202: { description: "Publication demandée", schema: publishStatusSchema },
      })),
  },
} satisfies Contract;

/** The waitlist's request bodies (zod, French messages): the API validates and documents with them. */
import * as z from "zod";
import { emailSchema } from "../accounts/account";
import { WAITLIST_CONSENT_REQUIRED } from "../catalog/stock-alerts";

export const waitlistRequestSchema = z.object({
  product_id: z.int("Produit invalide.").min(1, "Produit invalide.").max(9_999_999_999, "Produit invalide."),
  email: z.string("L'adresse e-mail est obligatoire.").pipe(emailSchema),
  // Explicit consent (GDPR art. 7): the box is unticked; only `true` is accepted.
  consent: z.literal(true, WAITLIST_CONSENT_REQUIRED),
});
export type WaitlistRequest = z.output<typeof waitlistRequestSchema>;

export const waitlistTokenSchema = z.object({
  token: z.string("Lien invalide.").min(1, "Lien invalide.").max(300, "Lien invalide."),
});

export const waitlistAnswerSchema = z.object({ message: z.string() });

export const waitlistCountsSchema = z.object({
  counts: z
    .record(z.string(), z.int())
    .describe("Nombre de clients confirmés en attente, par id de produit."),
});

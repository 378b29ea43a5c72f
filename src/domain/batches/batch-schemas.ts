/** The batch routes' schemas (server only: the admin island ships no zod; its types are in batches.ts). */
import * as z from "zod";
import { adjustmentSchema } from "../catalog/adjustment";
import { RECALL_RISK_MAX, RECALL_RISK_MIN } from "./batches";

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const day = (label: string) =>
  z.string({ error: `Indiquez ${label}.` }).regex(DAY, `Indiquez ${label} au format AAAA-MM-JJ.`);
const optionalDay = (label: string) => day(label).nullish();

/** A lot number: printed on the label, typed by the owner; letters, digits, dot, dash, underscore. */
export const lotNumberSchema = z
  .string({ error: "Indiquez le numéro de lot." })
  .trim()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/,
    "Numéro de lot invalide : 1 à 40 lettres, chiffres, « . », « - » ou « _ ».",
  );

export const newBatchSchema = z
  .strictObject({
    lot: lotNumberSchema,
    made_on: day("la date de fabrication"),
    dried_on: optionalDay("la date de fin de séchage"),
    expires_on: optionalDay("la date de péremption"),
    pao_months: z
      .number({ error: "La PAO est un nombre de mois." })
      .int("La PAO est un nombre entier de mois.")
      .min(1, "La PAO est d'au moins 1 mois.")
      .max(120, "La PAO ne peut pas dépasser 120 mois.")
      .nullish(),
    inci_version: z
      .string({ error: "Indiquez la version de la liste INCI." })
      .trim()
      .min(1, "Indiquez la version de la liste INCI.")
      .max(60, "La version INCI ne peut pas dépasser 60 caractères."),
    quantity: z
      .number({ error: "Indiquez la quantité du lot." })
      .int("La quantité est un nombre entier.")
      .min(1, "La quantité est d'au moins 1.")
      .max(100_000, "Quantité trop grande."),
  })
  .refine((batch) => Boolean(batch.expires_on || batch.pao_months), {
    message: "Indiquez une date de péremption ou une PAO (durée après ouverture).",
    path: ["expires_on"],
  })
  .refine((batch) => !batch.dried_on || batch.dried_on >= batch.made_on, {
    message: "La fin de séchage ne peut pas précéder la fabrication.",
    path: ["dried_on"],
  });

export const batchAdjustmentSchema = adjustmentSchema({
  delta: "Indiquez une quantité entière, positive ou négative.",
  note: "Indiquez la raison de l'ajustement.",
});

export const productParamSchema = z.object({
  productId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "Identifiant de produit invalide.")
    .transform(Number),
});
export const lotParamSchema = productParamSchema.extend({ lot: lotNumberSchema });

export const batchSchema = z.object({
  product_id: z.number(),
  lot: z.string(),
  made_on: z.string(),
  dried_on: z.string().nullable(),
  expires_on: z.string().nullable(),
  pao_months: z.number().nullable(),
  inci_version: z.string(),
  quantity: z.number(),
  remaining: z.number(),
  created_at: z.string(),
});

/**
 * What the owner writes before a recall is sent: the risk, in the consumer's words (Regulation (EU) 2023/988 art.
 * 36(2): the recall notice describes the product, the hazard and the risk, and what to do).
 */
export const recallRequestSchema = z.strictObject({
  risk: z
    .string("Décrivez le risque : il figure dans l'e-mail de rappel.")
    .trim()
    .min(RECALL_RISK_MIN, "Décrivez le risque en une phrase au moins : il figure dans l'e-mail de rappel.")
    .max(RECALL_RISK_MAX, `Le risque se décrit en ${RECALL_RISK_MAX} caractères au plus.`),
});

export const recallEntrySchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  ordered_at: z.string(),
  customer_name: z.string(),
  customer_email: z.string().describe("Vide : client supprimé, non joignable."),
  quantity: z.number(),
  notified_at: z.string().nullable(),
  notified_email: z.string().nullable(),
});

import * as z from "zod";
import { HOME_PRODUCTS, LABEL_FORMATS } from "./colissimo-rules";

/**
 * The « Colissimo » settings card (docs/decisions/047): the shop's Colissimo contract, what its labels look
 * like and what a parcel weighs besides its soaps. While it is incomplete the shop works as before: the owner types the
 * carrier and the tracking number in the order's form, and no label is bought.
 */
export {
  colissimoMissing,
  colissimoNotConfiguredMessage,
  HOME_PRODUCT_LABELS,
  HOME_PRODUCTS,
  type HomeProduct,
  LABEL_FORMAT_LABELS,
  LABEL_FORMATS,
  type LabelFormat,
  type SenderAddress,
  senderAddress,
} from "./colissimo-rules";

export const colissimoSettingSchema = z.object({
  /** The contract's customer number (« numéro client », 6 digits on La Poste's contracts). */
  contract_number: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || /^\d{6,10}$/.test(value),
      "Le numéro de contrat Colissimo compte 6 chiffres.",
    ),
  /**
   * The contract's web-service password, as stored: sealed (functions/shipping/colissimo-secrets.ts), "" when unset.
   * The admin's answers carry only a mask.
   */
  password: z.string().trim().max(2000),
  /** La Poste's developer API key (« X-Okapi-Key »), for the tracking API; sealed like the password. */
  api_key: z.string().trim().max(2000),
  label_format: z.enum(LABEL_FORMATS),
  home_product: z.enum(HOME_PRODUCTS),
  /** What the box, the paper and the wrapping weigh, added to the soaps' net weight (grams). */
  packaging_g: z
    .number()
    .int("Le poids de l'emballage est un nombre entier de grammes.")
    .min(0)
    .max(5000, "L'emballage pèse au plus 5 000 g."),
});
export type ColissimoSetting = z.infer<typeof colissimoSettingSchema>;

/** The secrets as the owner types them (Colissimo's passwords are short; La Poste's keys about 60 characters). */
export const colissimoSecretSchema = z.string().trim().max(200);

export const defaultColissimoSetting: ColissimoSetting = {
  contract_number: "",
  password: "",
  api_key: "",
  label_format: "PDF_10x15_300dpi",
  home_product: "DOM",
  packaging_g: 150,
};

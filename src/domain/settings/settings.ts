import * as z from "zod";
import { type Cents, eurosToCents } from "../money";
import { isValidBic, isValidIban } from "./bank-details";
import { colissimoSettingSchema, defaultColissimoSetting } from "./colissimo-setting";
import type { DeliveryMode } from "./settings-constants";
import {
  defaultReviewsSetting,
  defaultTransferFollowUp,
  REVIEW_INVITATION_LIMITS,
} from "./settings-constants";
import { transferFollowUpSettingSchema } from "./transfer-follow-up-schema";

const euros = z
  .number()
  .nonnegative()
  .max(100_000)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "Deux décimales au plus.");

export const shippingSettingSchema = z.object({
  free_shipping_threshold: euros,
  standard_cost: euros,
  shipping_company: z.string().trim().min(1).max(60),
  /** Offered only while the « Colissimo » card is complete (colissimo-rules.ts). */
  pickup_cost: euros,
  pickup_free_shipping_threshold: euros,
});
export type ShippingSetting = z.infer<typeof shippingSettingSchema>;

/** Every field but the name may be empty until the owner fills it in: no placeholder shown as real (decision 020). */
export const companyInfoSettingSchema = z.object({
  name: z.string().trim().min(1, "Le nom de la boutique est obligatoire.").max(120),
  email: z.union([z.literal(""), z.email("L'adresse e-mail est invalide.")]),
  phone: z.string().trim().max(30),
  address: z.string().trim().max(300),
  /** LCEN art. 6; CGI art. 242 nonies A: the company's name, or an individual's name followed by « EI ». */
  legal_name: z.string().trim().max(120).default(""),
  /** Mandatory on invoices. */
  legal_form: z.string().trim().max(80),
  siret: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || /^\d{14}$/.test(value.replace(/\s/g, "")),
      "Le SIRET compte 14 chiffres.",
    ),
  /** Art. 293 B du CGI franchise, or a rate included in the prices. */
  vat_mode: z.enum(["franchise", "rate"]),
  vat_rate: z.number().min(0).max(30),
  vat_number: z.string().trim().max(20),
  /** Code de la consommation L612-1, L616-1. A link only, never fetched. */
  mediator_name: z.string().trim().max(120),
  mediator_url: z
    .string()
    .trim()
    .max(300)
    .refine(
      (value) => value === "" || z.url({ protocol: /^https$/ }).safeParse(value).success,
      "L'adresse du site du médiateur doit être une URL commençant par https://.",
    ),
});
export type CompanyInfoSetting = z.infer<typeof companyInfoSettingSchema>;

export const maintenanceSettingSchema = z.object({
  enabled: z.boolean(),
  message: z.string().trim().max(500),
  countdown_hours: z.number().int().min(0).max(24),
  countdown_minutes: z.number().int().min(0).max(59),
  ends_at: z.iso.datetime().nullable(),
});
export type MaintenanceSetting = z.infer<typeof maintenanceSettingSchema>;

export const bankTransferSettingSchema = z.object({
  enabled: z.boolean(),
  iban: z
    .string()
    .trim()
    .max(42)
    .refine((value) => value === "" || isValidIban(value), "IBAN invalide : vérifiez-le sur votre RIB."),
  bic: z
    .string()
    .trim()
    .max(11)
    .refine(
      (value) => value === "" || isValidBic(value),
      "BIC invalide : 8 ou 11 caractères, voir votre RIB.",
    ),
  beneficiary: z.string().trim().max(120),
  bank_name: z.string().trim().max(120),
});
export type BankTransferSetting = z.infer<typeof bankTransferSettingSchema>;

import { DEFAULT_MAINTENANCE_MESSAGE, PAYPAL_SANDBOX_URL } from "./settings-constants";

export { DEFAULT_MAINTENANCE_MESSAGE, PAYPAL_SANDBOX_URL };

export const paypalClientSecretSchema = z.string().trim().max(200);

export const paypalSettingSchema = z.object({
  base_url: z.url({ protocol: /^https?$/ }),
  client_id: z.string().trim().max(200),
  /** Sealed (functions/payments/paypal-secret.ts), "" when unset, or in clear in an older row. */
  client_secret: z.string().trim().max(2000),
  webhook_id: z.string().trim().max(100),
});
export type PaypalSetting = z.infer<typeof paypalSettingSchema>;

/** The owner's daily summary e-mail at 8:00 Paris. */
export const dailySummarySettingSchema = z.object({
  enabled: z.boolean(),
});
export type DailySummarySetting = z.infer<typeof dailySummarySettingSchema>;

/** The review invitation's delay; 0 turns the invitations off. */
export const reviewsSettingSchema = z.object({
  review_invitation_days: z
    .number("Indiquez un nombre de jours.")
    .int("Indiquez un nombre entier de jours.")
    .min(REVIEW_INVITATION_LIMITS.min, "Indiquez 0 pour ne pas envoyer d'invitation, ou un nombre de jours.")
    .max(REVIEW_INVITATION_LIMITS.max, `Au plus ${REVIEW_INVITATION_LIMITS.max} jours après la livraison.`),
});

export const settingSchemas = {
  shipping: shippingSettingSchema,
  company_info: companyInfoSettingSchema,
  maintenance: maintenanceSettingSchema,
  payment_bank_transfer: bankTransferSettingSchema,
  payment_paypal: paypalSettingSchema,
  daily_summary: dailySummarySettingSchema,
  bank_transfer_follow_up: transferFollowUpSettingSchema,
  shipping_colissimo: colissimoSettingSchema,
  reviews: reviewsSettingSchema,
} as const;
export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;
export const settingKeys = Object.keys(settingSchemas) as SettingKey[];

/** The spec's defaults (section 9); identity and bank details start empty (decision 020). */
export const defaultSettings: { [K in SettingKey]: SettingValue<K> } = {
  shipping: {
    free_shipping_threshold: 100,
    standard_cost: 7.8,
    shipping_company: "Colissimo",
    pickup_cost: 5.9,
    pickup_free_shipping_threshold: 100,
  },
  company_info: {
    name: "Savonnerie d'Alep Artisanale",
    email: "",
    phone: "",
    address: "",
    legal_name: "",
    legal_form: "",
    siret: "",
    vat_mode: "franchise",
    vat_rate: 20,
    vat_number: "",
    mediator_name: "",
    mediator_url: "",
  },
  maintenance: {
    enabled: false,
    message: DEFAULT_MAINTENANCE_MESSAGE,
    countdown_hours: 2,
    countdown_minutes: 30,
    ends_at: null,
  },
  payment_bank_transfer: {
    enabled: true,
    iban: "",
    bic: "",
    beneficiary: "",
    bank_name: "",
  },
  payment_paypal: { base_url: PAYPAL_SANDBOX_URL, client_id: "", client_secret: "", webhook_id: "" },
  daily_summary: { enabled: true },
  bank_transfer_follow_up: defaultTransferFollowUp,
  shipping_colissimo: defaultColissimoSetting,
  reviews: defaultReviewsSetting,
};

/** L616-1; null while its name or website is not filled in. */
export function consumerMediator(
  company: Pick<CompanyInfoSetting, "mediator_name" | "mediator_url">,
): { name: string; url: string } | null {
  const name = company.mediator_name.trim();
  const url = company.mediator_url.trim();
  return name && url ? { name, url } : null;
}

export function shippingRuleCents(
  setting: ShippingSetting,
  mode: DeliveryMode = "home",
): { standardCost: Cents; freeThreshold: Cents } {
  return mode === "pickup"
    ? {
        standardCost: eurosToCents(setting.pickup_cost),
        freeThreshold: eurosToCents(setting.pickup_free_shipping_threshold),
      }
    : {
        standardCost: eurosToCents(setting.standard_cost),
        freeThreshold: eurosToCents(setting.free_shipping_threshold),
      };
}

export const publicCompanySchema = companyInfoSettingSchema
  .pick({
    name: true,
    email: true,
    phone: true,
    address: true,
    legal_name: true,
    legal_form: true,
    siret: true,
    vat_number: true,
    vat_mode: true,
    mediator_name: true,
    mediator_url: true,
  })
  .extend({
    shipping_company: z.string(),
    free_shipping_threshold: z.number(),
  });
export type PublicCompany = z.infer<typeof publicCompanySchema>;

export const publicPickupSchema = z
  .object({ cost: z.number(), free_shipping_threshold: z.number() })
  .nullable();

export const publicShippingSchema = z.object({
  standard_cost: z.number(),
  free_shipping_threshold: z.number(),
  /** Null while the « Colissimo » card is incomplete. */
  pickup: publicPickupSchema,
});
export type PublicShipping = z.infer<typeof publicShippingSchema>;

export const publicMaintenanceSchema = maintenanceSettingSchema;
export type PublicMaintenance = MaintenanceSetting;

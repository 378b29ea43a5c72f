/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import {
  publicCompanySchema,
  publicMaintenanceSchema,
  publicPickupSchema,
  publicShippingSchema,
} from "../../src/domain/settings/settings";
import type { Contract } from "../platform/contract";

const checkoutSettingsSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    can_take_orders: z.boolean(),
    /** Why the shop takes no order yet, for shoppers; null when it does. */
    message: z.string().nullable(),
    bank_transfer: z.object({
      enabled: z.boolean(),
      bic: z.string(),
      beneficiary: z.string(),
      bank_name: z.string(),
    }),
    paypal: z.object({ configured: z.boolean(), client_id: z.string(), sandbox: z.boolean() }),
    /** While the « Colissimo » card is complete; null otherwise. */
    pickup: publicPickupSchema,
  });

export const settingsContract = {
  getSettingsShipping: {
    method: "get",
    path: "/api/settings/shipping",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Réglages publics",
      summary: "Frais de port et seuil de livraison offerte (euros)",
      responses: { 200: { description: "Réglages de livraison", schema: publicShippingSchema } },
    }),
  },
  getSettingsCompany: {
    method: "get",
    path: "/api/settings/company",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Réglages publics",
      summary: "Coordonnées de l'entreprise, transporteur et seuil de livraison offerte",
      responses: { 200: { description: "Informations de l'entreprise", schema: publicCompanySchema } },
    }),
  },
  getSettingsMaintenance: {
    method: "get",
    path: "/api/settings/maintenance",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Réglages publics",
      summary: "État du mode maintenance",
      responses: { 200: { description: "Mode maintenance", schema: publicMaintenanceSchema } },
    }),
  },
  getSettingsCheckout: {
    method: "get",
    path: "/api/settings/checkout",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Réglages publics",
      summary: "Moyens de paiement proposés (sans IBAN ni secret PayPal)",
      responses: { 200: { description: "Réglages du paiement", schema: checkoutSettingsSchema } },
    }),
  },
} satisfies Contract;

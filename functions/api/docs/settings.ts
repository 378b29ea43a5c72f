/**
 * The OpenAPI documentation of routes/settings.ts (functions/api/routes/openapi.ts gathers them): schemas and words only,
 * never services, so the docs function carries no more than the documentation.
 */
import * as z from "zod";
import {
  publicCompanySchema,
  publicMaintenanceSchema,
  publicShippingSchema,
} from "../../../src/domain/settings";
import type { RouteDoc } from "../openapi";

const checkoutSettingsSchema = z.object({
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
});

export const settingsDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/settings/shipping",
    tag: "Réglages publics",
    summary: "Frais de port et seuil de livraison offerte (euros)",
    responses: { 200: { description: "Réglages de livraison", schema: publicShippingSchema } },
  },
  {
    method: "get",
    path: "/api/settings/company",
    tag: "Réglages publics",
    summary: "Coordonnées de l'entreprise, transporteur et seuil de livraison offerte",
    responses: { 200: { description: "Informations de l'entreprise", schema: publicCompanySchema } },
  },
  {
    method: "get",
    path: "/api/settings/maintenance",
    tag: "Réglages publics",
    summary: "État du mode maintenance",
    responses: { 200: { description: "Mode maintenance", schema: publicMaintenanceSchema } },
  },
  {
    method: "get",
    path: "/api/settings/checkout",
    tag: "Réglages publics",
    summary: "Moyens de paiement proposés (sans IBAN ni secret PayPal)",
    responses: { 200: { description: "Réglages du paiement", schema: checkoutSettingsSchema } },
  },
];

/**
 * The owner's panel: the shop's settings and its setup list. Served behind the admin guard by functions/admin/routes.ts, documented from
 * functions/main/contracts.ts. Schemas and words only, never services: the docs function loads it without the code
 * that serves it.
 */
import * as z from "zod";
import { settingKeys, settingSchemas } from "../../src/domain/settings/settings";
import { administration, invalid, notFound } from "../platform/admin-contract";
import type { Contract } from "../platform/contract";

const shopSetupSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    items: z.array(
      z.object({
        id: z.enum(["company", "mediator", "bank_transfer", "paypal", "shipping"]),
        label: z.string(),
        setting: z.enum(settingKeys as [string, ...string[]]),
        state: z.enum(["done", "missing", "off"]),
        missing: z.array(z.string()),
        detail: z.string(),
      }),
    ),
    methods: z.object({ bank_transfer: z.boolean(), paypal: z.boolean() }),
    canTakeOrders: z.boolean(),
    blockers: z.array(z.string()),
  });

const settingKeyParam = z.object({
  key: z.enum(settingKeys as [string, ...string[]], "Réglage inconnu."),
});
const settingBody = z.object({ value: z.record(z.string(), z.unknown()) });

export const adminSettingsContract = {
  getAdminSetup: {
    method: "get",
    path: "/api/admin/setup",
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Mise en place : ce que la boutique doit renseigner avant de vendre, et si elle peut prendre des commandes",
        { 200: { description: "Liste de mise en place", schema: shopSetupSchema } },
      )),
  },
  getAdminSettings: {
    method: "get",
    path: "/api/admin/settings",
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Réglages (secret PayPal masqué)", { 200: { description: "Réglages" } })),
  },
  putAdminSettingsByKey: {
    method: "put",
    path: "/api/admin/settings/{key}",
    params: settingKeyParam,
    body: settingBody,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(`Enregistrer un réglage (${Object.keys(settingSchemas).join(", ")})`, {
        200: { description: "Réglage enregistré" },
        ...invalid,
        ...notFound,
      })),
  },
} satisfies Contract;

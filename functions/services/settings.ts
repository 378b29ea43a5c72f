import {
  defaultSettings,
  type PublicCompany,
  type PublicMaintenance,
  type PublicShipping,
  type SettingKey,
  type SettingValue,
  settingSchemas,
} from "../../src/domain/settings";
import type { DataDeps } from "./deps";

/**
 * A setting's value: the stored row merged over the spec's defaults, then checked by the key's schema.
 * A missing or unreadable row gives the defaults, so the storefront never breaks on a bad setting.
 */
export async function getSetting<K extends SettingKey>({ db }: DataDeps, key: K): Promise<SettingValue<K>> {
  const { data } = await db.entities.setting.get({ key }).go();
  const merged = { ...defaultSettings[key], ...(isObject(data?.value) ? data.value : {}) };
  const parsed = settingSchemas[key].safeParse(merged);
  if (parsed.success) return parsed.data as SettingValue<K>;
  console.warn(`Setting ${key} is invalid in the table; using the defaults.`, parsed.error.issues);
  return defaultSettings[key];
}

export async function putSetting<K extends SettingKey>(
  deps: DataDeps,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  const parsed = settingSchemas[key].parse(value);
  await deps.db.entities.setting.put({ key, value: parsed, updated_at: deps.clock().toISOString() }).go();
}

export async function publicShipping(deps: DataDeps): Promise<PublicShipping> {
  const shipping = await getSetting(deps, "shipping");
  return { standard_cost: shipping.standard_cost, free_shipping_threshold: shipping.free_shipping_threshold };
}

export async function publicCompany(deps: DataDeps): Promise<PublicCompany> {
  const [company, shipping] = await Promise.all([
    getSetting(deps, "company_info"),
    getSetting(deps, "shipping"),
  ]);
  return {
    name: company.name,
    email: company.email,
    phone: company.phone,
    address: company.address,
    // Legal mentions are public by law (legal notice, terms of sale: SIRET, VAT regime).
    legal_name: company.legal_name,
    legal_form: company.legal_form,
    siret: company.siret,
    vat_number: company.vat_number,
    vat_mode: company.vat_mode,
    // The consumer mediator is public by law too (L616-1).
    mediator_name: company.mediator_name,
    mediator_url: company.mediator_url,
    shipping_company: shipping.shipping_company,
    free_shipping_threshold: shipping.free_shipping_threshold,
  };
}

export async function publicMaintenance(deps: DataDeps): Promise<PublicMaintenance> {
  return getSetting(deps, "maintenance");
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

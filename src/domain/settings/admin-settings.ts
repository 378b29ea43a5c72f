/** Rules of the admin's Settings tab, with no runtime dependency so the admin island ships no zod. */

import { parseDecimal, parseInteger } from "../typed-numbers";
import {
  colissimoMissing,
  HOME_PRODUCT_LABELS,
  type HomeProduct,
  LABEL_FORMAT_LABELS,
  type LabelFormat,
} from "./colissimo-rules";
import type { ColissimoSetting } from "./colissimo-setting";
import type {
  BankTransferSetting,
  CompanyInfoSetting,
  DailySummarySetting,
  MaintenanceSetting,
  PaypalSetting,
  SettingKey,
  ShippingSetting,
} from "./settings";
import type { ReviewsSetting, TransferFollowUpSetting } from "./settings-constants";
import { DEFAULT_MAINTENANCE_MESSAGE, PAYPAL_SANDBOX_URL, SECRET_MASK } from "./settings-constants";

export { DEFAULT_MAINTENANCE_MESSAGE, PAYPAL_SANDBOX_URL, SECRET_MASK };

export const COUNTDOWN_HOURS_MAX = 24;
export const COUNTDOWN_MINUTES_MAX = 59;

export interface SettingRow {
  setting_key: string;
  setting_value: unknown;
}

export interface AdminSettings {
  payment_bank_transfer: BankTransferSetting;
  payment_paypal: PaypalSetting;
  shipping: ShippingSetting;
  company_info: CompanyInfoSetting;
  maintenance: MaintenanceSetting;
  daily_summary: DailySummarySetting;
  bank_transfer_follow_up: TransferFollowUpSetting;
  shipping_colissimo: ColissimoSetting;
  reviews: ReviewsSetting;
}

export function settingsByKey(rows: readonly SettingRow[]): Partial<AdminSettings> {
  const settings: Partial<Record<SettingKey, unknown>> = {};
  for (const row of rows) {
    if (
      row &&
      typeof row.setting_key === "string" &&
      row.setting_value &&
      typeof row.setting_value === "object"
    )
      settings[row.setting_key as SettingKey] = row.setting_value;
  }
  return settings as Partial<AdminSettings>;
}

export function isPaypalSandbox(baseUrl: string | null | undefined): boolean {
  return (baseUrl ?? "").trim().replace(/\/+$/, "").toLowerCase() === PAYPAL_SANDBOX_URL;
}

export function secretDisplay(secret: string | null | undefined): string {
  return secret ? SECRET_MASK : "Non configuré";
}

export function maintenanceStatusLabel(enabled: boolean): string {
  return enabled ? "Maintenance Activée" : "Site Actif";
}

/** Anything that is not a number gives min (spec 5: countdown ranges). */
export function clampInteger(text: string, min: number, max: number): number {
  return Math.min(max, Math.max(min, parseInteger(text)));
}

// The edit forms: texts as typed, turned into each setting's value on save.

export interface ShippingForm {
  free_shipping_threshold: string;
  standard_cost: string;
  shipping_company: string;
  pickup_cost: string;
  pickup_free_shipping_threshold: string;
}

export function shippingForm(setting: ShippingSetting): ShippingForm {
  return {
    free_shipping_threshold: String(setting.free_shipping_threshold),
    standard_cost: String(setting.standard_cost),
    shipping_company: setting.shipping_company,
    pickup_cost: String(setting.pickup_cost),
    pickup_free_shipping_threshold: String(setting.pickup_free_shipping_threshold),
  };
}

/** Invalid becomes 0 (spec 5). */
export function shippingValue(form: ShippingForm): ShippingSetting {
  return {
    free_shipping_threshold: Math.max(0, parseDecimal(form.free_shipping_threshold)),
    standard_cost: Math.max(0, parseDecimal(form.standard_cost)),
    shipping_company: form.shipping_company.trim(),
    pickup_cost: Math.max(0, parseDecimal(form.pickup_cost)),
    pickup_free_shipping_threshold: Math.max(0, parseDecimal(form.pickup_free_shipping_threshold)),
  };
}

export interface MaintenanceForm {
  enabled: boolean;
  message: string;
  countdown_hours: string;
  countdown_minutes: string;
}

export function maintenanceForm(setting: MaintenanceSetting): MaintenanceForm {
  return {
    enabled: setting.enabled,
    message: setting.message,
    countdown_hours: String(setting.countdown_hours),
    countdown_minutes: String(setting.countdown_minutes),
  };
}

/** The server computes ends_at from the countdown. */
export function maintenanceValue(form: MaintenanceForm): Omit<MaintenanceSetting, "ends_at"> {
  return {
    enabled: form.enabled,
    message: form.message.trim() || DEFAULT_MAINTENANCE_MESSAGE,
    countdown_hours: clampInteger(form.countdown_hours, 0, COUNTDOWN_HOURS_MAX),
    countdown_minutes: clampInteger(form.countdown_minutes, 0, COUNTDOWN_MINUTES_MAX),
  };
}

export function trimmedValue<T extends object>(form: T): T {
  return Object.fromEntries(
    Object.entries(form).map(([key, value]) => [key, typeof value === "string" ? value.trim() : value]),
  ) as T;
}

// The « Colissimo » card: its rules are colissimo-rules.ts.

export const COLISSIMO_LABEL_FORMATS = LABEL_FORMAT_LABELS;
export const COLISSIMO_HOME_PRODUCTS = HOME_PRODUCT_LABELS;

export function optionsOf<T extends string>(names: Record<T, string>): { value: T; label: string }[] {
  return (Object.entries(names) as [T, string][]).map(([value, label]) => ({ value, label }));
}

export interface ColissimoStatus {
  configured: boolean;
  text: string;
}

export function colissimoStatus(settings: Partial<AdminSettings>): ColissimoStatus {
  const missing = colissimoMissing(
    settings.shipping_colissimo ?? { contract_number: "", password: "" },
    settings.company_info ?? { name: "", address: "" },
  );
  return missing.length === 0
    ? { configured: true, text: "Configuré : les étiquettes se créent depuis les commandes." }
    : { configured: false, text: `Non configuré : il manque ${missing.join(", ")}.` };
}

export interface ColissimoForm {
  contract_number: string;
  /** SECRET_MASK when one is stored. */
  password: string;
  api_key: string;
  label_format: LabelFormat;
  home_product: HomeProduct;
  packaging_g: string;
}

export function colissimoForm(setting: ColissimoSetting): ColissimoForm {
  return {
    contract_number: setting.contract_number,
    password: setting.password,
    api_key: setting.api_key,
    label_format: setting.label_format,
    home_product: setting.home_product,
    packaging_g: String(setting.packaging_g),
  };
}

/** Anything else goes as null, which the server refuses in French. */
function grams(text: string): number | null {
  const typed = text.trim().replace(",", ".");
  return /^-?\d+(\.\d+)?$/.test(typed) ? Number(typed) : null;
}

/** A secret left as SECRET_MASK keeps the stored one; emptied, it is removed; typed, the server seals it. */
export function colissimoValue(
  form: ColissimoForm,
): Omit<ColissimoSetting, "packaging_g"> & { packaging_g: number | null } {
  return {
    contract_number: form.contract_number.replace(/\s+/g, ""),
    password: form.password.trim(),
    api_key: form.api_key.trim(),
    label_format: form.label_format,
    home_product: form.home_product,
    packaging_g: grams(form.packaging_g),
  };
}

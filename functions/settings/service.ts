import { pickupOffered } from "../../src/domain/settings/colissimo-rules";
import {
  defaultSettings,
  type PublicCompany,
  type PublicMaintenance,
  type PublicShipping,
  type SettingKey,
  type SettingValue,
  settingSchemas,
} from "../../src/domain/settings/settings";
import { isSealed } from "../platform/adapters/secret-box";
import { batchGetAll } from "../platform/db/batch-get";
import type { DataDeps } from "../platform/deps";
import { settingEntity } from "./entity";

/** Off under `npm start`, whose table tests write behind its back. */
export const SETTINGS_CACHE_MS = 5_000;

function settingValue<K extends SettingKey>(key: K, stored: unknown): SettingValue<K> {
  const merged = { ...defaultSettings[key], ...(isObject(stored) ? stored : {}) };
  const parsed = settingSchemas[key].safeParse(merged);
  if (parsed.success) return parsed.data as SettingValue<K>;
  console.warn(`Setting ${key} is invalid in the table; using the defaults.`, parsed.error.issues);
  return defaultSettings[key];
}

/** A bad row gives the defaults, so the storefront never breaks. The owner's screens read here, never the cache. */
export async function getSetting<K extends SettingKey>({ db }: DataDeps, key: K): Promise<SettingValue<K>> {
  const { data } = await settingEntity(db).get({ key }).go();
  return settingValue(key, data?.value);
}

type Db = DataDeps["db"];
type SettingsOf<K extends SettingKey> = { [P in K]: SettingValue<P> };

const cached = new WeakMap<Db, Map<SettingKey, { stored: unknown; until: number }>>();

/**
 * With `deps.settingsCacheMs` the rows are kept that long in this container: another container's change is seen
 * within that time. The expiry runs on a monotonic timer, never on `deps.clock`, which tests freeze.
 */
export async function getSettings<const K extends SettingKey>(
  deps: DataDeps,
  keys: readonly K[],
): Promise<SettingsOf<K>> {
  const ttl = deps.settingsCacheMs ?? 0;
  const now = performance.now();
  const memory = ttl > 0 ? (cached.get(deps.db) ?? new Map()) : undefined;
  if (memory) cached.set(deps.db, memory);
  const stored = new Map<SettingKey, unknown>();
  const missing: K[] = [];
  for (const key of new Set(keys)) {
    const entry = memory?.get(key);
    if (entry && entry.until > now) stored.set(key, entry.stored);
    else missing.push(key);
  }
  if (missing.length) {
    const read = await batchGetSettings(deps.db, missing);
    for (const key of missing) {
      stored.set(key, read.get(key));
      memory?.set(key, { stored: read.get(key), until: now + ttl });
    }
  }
  return Object.fromEntries(keys.map((key) => [key, settingValue(key, stored.get(key))])) as SettingsOf<K>;
}

async function batchGetSettings(db: Db, keys: readonly SettingKey[]): Promise<Map<SettingKey, unknown>> {
  const rows = await batchGetAll(
    async (pending: { key: string }[]) => {
      const { data, unprocessed } = await settingEntity(db).get(pending).go();
      return { data, unprocessed: unprocessed.map(({ key }) => ({ key })) };
    },
    keys.map((key) => ({ key })),
  );
  return new Map(rows.map((row) => [row.key as SettingKey, row.value]));
}

export async function putSetting<K extends SettingKey>(
  deps: DataDeps,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  const parsed = settingSchemas[key].parse(value);
  // The PayPal secret reaches the table sealed only.
  if (key === "payment_paypal") {
    const secret = (parsed as SettingValue<"payment_paypal">).client_secret;
    if (secret && !isSealed(secret))
      throw new Error("The PayPal secret must be sealed before it is stored: use putPaypalSetting");
  }
  if (key === "shipping_colissimo") {
    const { password, api_key } = parsed as SettingValue<"shipping_colissimo">;
    if ((password && !isSealed(password)) || (api_key && !isSealed(api_key)))
      throw new Error(
        "The Colissimo secrets must be sealed before they are stored: use saveColissimoSetting",
      );
  }
  await settingEntity(deps.db).put({ key, value: parsed, updated_at: deps.clock().toISOString() }).go();
  // This process reads the new value from now on (another container: within its cache's lifetime).
  cached.delete(deps.db);
}

export async function publicShipping(deps: DataDeps): Promise<PublicShipping> {
  const settings = await getSettings(deps, ["shipping", "shipping_colissimo", "company_info"]);
  return {
    standard_cost: settings.shipping.standard_cost,
    free_shipping_threshold: settings.shipping.free_shipping_threshold,
    pickup: publicPickup(settings),
  };
}

export function publicPickup(settings: {
  shipping: SettingValue<"shipping">;
  shipping_colissimo: SettingValue<"shipping_colissimo">;
  company_info: SettingValue<"company_info">;
}): PublicShipping["pickup"] {
  const { shipping } = settings;
  return pickupOffered(settings.shipping_colissimo, settings.company_info)
    ? { cost: shipping.pickup_cost, free_shipping_threshold: shipping.pickup_free_shipping_threshold }
    : null;
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

/** A setting's row as stored, unparsed, with the date it was last saved (null: never saved). */
export async function storedSetting(
  deps: DataDeps,
  key: SettingKey,
): Promise<{ value: unknown; updated_at: string } | null> {
  const { data } = await settingEntity(deps.db).get({ key }).go();
  return data ? { value: data.value, updated_at: data.updated_at } : null;
}

/**
 * Rewrites a setting only if it is still the row read (its updated_at), so an owner's save in between wins: false
 * when it was not.
 */
export async function replaceSettingIfUnchanged(
  deps: DataDeps,
  key: SettingKey,
  value: unknown,
  readAt: string,
): Promise<boolean> {
  try {
    await settingEntity(deps.db)
      .patch({ key })
      .set({ value, updated_at: deps.clock().toISOString() })
      .where(({ updated_at }, { eq }) => eq(updated_at, readAt))
      .go();
    return true;
  } catch (error) {
    // The owner saved in between (ElectroDB wraps DynamoDB's ConditionalCheckFailedException): hers stands.
    if ((error as { cause?: { name?: string } }).cause?.name === "ConditionalCheckFailedException")
      return false;
    throw error;
  }
}

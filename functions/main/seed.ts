import { emailSchema, passwordSchema } from "../../src/domain/accounts/account";
import { DomainError } from "../../src/domain/errors";
import {
  defaultSettings,
  type SettingKey,
  type SettingValue,
  settingKeys,
  settingSchemas,
} from "../../src/domain/settings/settings";
import { findUserByEmail, revokeSessions } from "../accounts/auth";
import { createUser } from "../accounts/service";
import { userEntity } from "../accounts/user-entity";
import { createProduct } from "../catalog/service";
import { putPaypalSetting } from "../payments/paypal-secret";
import { randomSecret } from "../platform/adapters/ids";
import { hashPassword } from "../platform/adapters/password";
import { isTableEmpty } from "../platform/db/bootstrap";
import { seedProducts } from "../platform/db/seed-catalog";
import type { DataDeps } from "../platform/deps";
import { settingEntity } from "../settings/entity";
import { putSetting } from "../settings/service";

export interface SeedOptions {
  adminEmail: string;
  adminPassword?: string;
  settings?: SeedSettings;
}

export type SeedSettings = { [K in SettingKey]?: SettingValue<K> };

/** Each merged over its defaults and checked, with a French reason for the first problem: never half a file seeded. */
export function seedSettingsFrom(raw: unknown): { settings: SeedSettings } | { problem: string } {
  if (!raw || typeof raw !== "object" || Array.isArray(raw))
    return { problem: "le fichier doit contenir un objet JSON de réglages." };
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!settingKeys.includes(key as SettingKey))
      return { problem: `réglage inconnu « ${key} » (attendus : ${settingKeys.join(", ")}).` };
    const parsed = settingSchemas[key as SettingKey].safeParse({
      ...defaultSettings[key as SettingKey],
      ...(value as object),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { problem: `${key}.${issue?.path.join(".")} : ${issue?.message}` };
    }
    settings[key] = parsed.data;
  }
  return { settings: settings as SeedSettings };
}

export type SeedResult =
  | { seeded: false }
  | { seeded: true; adminEmail: string; adminPassword: string; generatedPassword: boolean; products: number };

export function seedOptionsProblem(options: SeedOptions): string | null {
  const email = emailSchema.safeParse(options.adminEmail);
  if (!email.success) return `ADMIN_EMAIL : ${email.error.issues[0]?.message}`;
  if (options.adminPassword === undefined || options.adminPassword === "") return null;
  const password = passwordSchema.safeParse(options.adminPassword);
  return password.success ? null : `ADMIN_PASSWORD : ${password.error.issues[0]?.message}`;
}

/**
 * Examples earlier seeds wrote as if they were the owner's: a field still holding one was never filled in by her
 * (docs/decisions/020-ready-to-sell.md).
 */
export const RETIRED_SEED_EXAMPLES = {
  company_info: {
    email: "contact@savon-alep-artisanal.fr",
    phone: "04 90 00 00 00",
    address: "12 rue des Oliviers, 84000 Avignon, France",
    legal_form: "Entreprise individuelle",
  },
  payment_bank_transfer: {
    iban: "FR76 3000 6000 0112 3456 7890 189",
    bic: "AGRIFRPP",
    beneficiary: "Savonnerie d'Alep Artisanale",
    bank_name: "Crédit Agricole",
  },
} as const satisfies Partial<Record<SettingKey, Record<string, string>>>;

/** So no invented address, phone or IBAN is shown or mailed as real. Idempotent: every start runs it. */
export async function retireSeedExamples(deps: DataDeps): Promise<string[]> {
  const retired: string[] = [];
  for (const [key, examples] of Object.entries(RETIRED_SEED_EXAMPLES) as [
    SettingKey,
    Record<string, string>,
  ][]) {
    const { data } = await settingEntity(deps.db).get({ key }).go();
    const stored = data?.value;
    if (!stored || typeof stored !== "object") continue;
    const value = { ...(stored as Record<string, unknown>) };
    const fields = Object.keys(examples).filter((field) => value[field] === examples[field]);
    if (!fields.length) continue;
    for (const field of fields) value[field] = "";
    await settingEntity(deps.db).put({ key, value, updated_at: deps.clock().toISOString() }).go();
    retired.push(...fields.map((field) => `${key}.${field}`));
  }
  return retired;
}

export async function seedIfEmpty(deps: DataDeps, options: SeedOptions): Promise<SeedResult> {
  const problem = seedOptionsProblem(options);
  if (problem) throw new DomainError("VALIDATION", problem);
  // The PayPal secret is stored sealed: without a box here (on AWS only the admin function may seal), the owner types
  // it in Paramètres.
  if (options.settings?.payment_paypal?.client_secret && !deps.secrets)
    throw new DomainError(
      "VALIDATION",
      "Le Client Secret PayPal ne peut pas être semé ici : saisissez-le dans Paramètres, où il est chiffré.",
    );
  if (!(await isTableEmpty(deps.db.dynamo, deps.db.tableName))) {
    await retireSeedExamples(deps);
    return { seeded: false };
  }

  for (const product of seedProducts) await createProduct(deps, product);
  for (const key of settingKeys) {
    if (key === "payment_paypal")
      await putPaypalSetting(deps, options.settings?.payment_paypal ?? defaultSettings.payment_paypal);
    else await putSetting(deps, key, options.settings?.[key] ?? defaultSettings[key]);
  }

  const adminPassword = options.adminPassword || randomSecret(12);
  const admin = await createUser(deps, {
    email: options.adminEmail,
    password: adminPassword,
    fullName: "Administrateur",
    isAdmin: true,
  });
  return {
    seeded: true,
    adminEmail: admin.email,
    adminPassword,
    generatedPassword: !options.adminPassword,
    products: seedProducts.length,
  };
}

export interface AdminAccess {
  adminEmail: string;
  adminPassword: string;
  generatedPassword: boolean;
  created: boolean;
}

/** `npm run admin:password`. A customer's account is never turned into an admin here. */
export async function recoverAdminAccess(deps: DataDeps, options: SeedOptions): Promise<AdminAccess> {
  const problem = seedOptionsProblem(options);
  if (problem) throw new DomainError("VALIDATION", problem);
  const adminPassword = options.adminPassword || randomSecret(12);
  const generatedPassword = !options.adminPassword;
  const existing = await findUserByEmail(deps, emailSchema.parse(options.adminEmail));
  if (!existing) {
    const admin = await createUser(deps, {
      email: options.adminEmail,
      password: adminPassword,
      fullName: "Administrateur",
      isAdmin: true,
    });
    return { adminEmail: admin.email, adminPassword, generatedPassword, created: true };
  }
  if (!existing.is_admin) {
    throw new DomainError(
      "VALIDATION",
      `ADMIN_EMAIL : ${existing.email} est un compte client, pas un compte administrateur.`,
    );
  }
  // The new password lifts the sign-in locks too, as a reset through the mailed link does.
  await userEntity(deps.db)
    .patch({ id: existing.id })
    .set({ password_hash: await hashPassword(adminPassword) })
    .add({ signin_epoch: 1 })
    .go();
  await revokeSessions(deps, existing.id);
  return { adminEmail: existing.email, adminPassword, generatedPassword, created: false };
}

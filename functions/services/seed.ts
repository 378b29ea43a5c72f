import { defaultSettings, settingKeys } from "../../src/domain/settings";
import { randomSecret } from "../adapters/ids";
import { isTableEmpty } from "../db/bootstrap";
import { seedProducts } from "../db/seed-catalog";
import { createUser } from "./accounts";
import { createProduct } from "./catalog";
import type { DataDeps } from "./deps";
import { putSetting } from "./settings";

export interface SeedOptions {
  adminEmail: string;
  /** When absent, a password is generated and returned once so it can be printed. */
  adminPassword?: string;
}

export type SeedResult =
  | { seeded: false }
  | { seeded: true; adminEmail: string; adminPassword: string; generatedPassword: boolean; products: number };

/** Fills a new, empty table: the catalogue, the spec's default settings and the owner's admin account. */
export async function seedIfEmpty(deps: DataDeps, options: SeedOptions): Promise<SeedResult> {
  if (!(await isTableEmpty(deps.db.dynamo, deps.db.tableName))) return { seeded: false };

  for (const product of seedProducts) await createProduct(deps, product);
  for (const key of settingKeys) await putSetting(deps, key, defaultSettings[key]);

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

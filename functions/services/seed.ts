import { emailSchema, passwordSchema } from "../../src/domain/account";
import { DomainError } from "../../src/domain/errors";
import { defaultSettings, settingKeys } from "../../src/domain/settings";
import { randomSecret } from "../adapters/ids";
import { hashPassword } from "../adapters/password";
import { isTableEmpty } from "../db/bootstrap";
import { seedProducts } from "../db/seed-catalog";
import { createUser } from "./accounts";
import { findUserByEmail, revokeSessions } from "./auth";
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

/**
 * The admin account obeys the sign-up rules (a valid e-mail, a password of 6 to 128 characters): a French reason
 * when it does not, null when it does. An absent password is fine: one is generated.
 */
export function seedOptionsProblem(options: SeedOptions): string | null {
  const email = emailSchema.safeParse(options.adminEmail);
  if (!email.success) return `ADMIN_EMAIL : ${email.error.issues[0]?.message}`;
  if (options.adminPassword === undefined || options.adminPassword === "") return null;
  const password = passwordSchema.safeParse(options.adminPassword);
  return password.success ? null : `ADMIN_PASSWORD : ${password.error.issues[0]?.message}`;
}

/** Fills a new, empty table: the catalogue, the spec's default settings and the owner's admin account. */
export async function seedIfEmpty(deps: DataDeps, options: SeedOptions): Promise<SeedResult> {
  const problem = seedOptionsProblem(options);
  if (problem) throw new DomainError("VALIDATION", problem);
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

export interface AdminAccess {
  adminEmail: string;
  adminPassword: string;
  generatedPassword: boolean;
  created: boolean;
}

/**
 * Gives the owner her admin access back when the printed password is lost (`npm run admin:password`): a new
 * password (ADMIN_PASSWORD, or generated) for the admin account of that e-mail, every session of it ended; the
 * account is created when the e-mail has none. A customer's account is never turned into an admin here.
 */
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
  await deps.db.entities.user
    .patch({ id: existing.id })
    .set({ password_hash: await hashPassword(adminPassword) })
    .go();
  await revokeSessions(deps, existing.id);
  return { adminEmail: existing.email, adminPassword, generatedPassword, created: false };
}

import { normalizeEmail } from "../../src/domain/account";
import { DomainError } from "../../src/domain/errors";
import { newId } from "../adapters/ids";
import { hashPassword } from "../adapters/password";
import type { DataDeps } from "./deps";

export interface NewUser {
  email: string;
  password: string;
  fullName: string;
  isAdmin?: boolean;
}

/**
 * Creates an account. The user and its e-mail uniqueness item are written in one transaction, so two sign-ups
 * with the same e-mail at the same moment give exactly one account.
 */
export async function createUser(deps: DataDeps, input: NewUser): Promise<{ id: string; email: string }> {
  const email = normalizeEmail(input.email);
  const id = newId();
  const passwordHash = await hashPassword(input.password);
  const createdAt = deps.clock().toISOString();
  const { canceled } = await deps.db.service.transaction
    .write(({ user, userEmail, stats }) => [
      userEmail.create({ email, user_id: id }).commit({ response: "all_old" }),
      user
        .create({
          id,
          email,
          password_hash: passwordHash,
          full_name: input.fullName.trim(),
          is_admin: input.isAdmin ?? false,
          created_at: createdAt,
        })
        .commit(),
      stats.update({ scope: "all" }).add({ users: 1 }).commit(),
    ])
    .go();
  if (canceled) throw new DomainError("EMAIL_TAKEN");
  return { id, email };
}

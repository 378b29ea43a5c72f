import { normalizeEmail } from "../../src/domain/accounts/account";
import { DomainError } from "../../src/domain/errors";
import { newId } from "../platform/adapters/ids";
import { hashPassword } from "../platform/adapters/password";
import { addToStats } from "../platform/db/stats";
import { writeTransaction } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import { userEmailEntity, userEntity } from "./user-entity";

export interface NewUser {
  email: string;
  password: string;
  fullName: string;
  isAdmin?: boolean;
}

/** The user and its e-mail uniqueness item in one transaction: two sign-ups with one e-mail make one account. */
export async function createUser(deps: DataDeps, input: NewUser): Promise<{ id: string; email: string }> {
  const email = normalizeEmail(input.email);
  const id = newId();
  const passwordHash = await hashPassword(input.password);
  const createdAt = deps.clock().toISOString();
  await writeTransaction(deps.db, () => [
    {
      commit: userEmailEntity.transact(deps.db).create({ email, user_id: id }).commit(),
      onFailed: new DomainError("EMAIL_TAKEN"),
    },
    {
      commit: userEntity
        .transact(deps.db)
        .create({
          id,
          email,
          password_hash: passwordHash,
          full_name: input.fullName.trim(),
          is_admin: input.isAdmin ?? false,
          created_at: createdAt,
        })
        .commit(),
    },
    addToStats(deps.db, "all", id, { users: 1 }),
  ]);
  return { id, email };
}

/** Up to `limit` accounts, newest first, from `cursor`; a cursor when there are more. */
export async function usersNewestFirst(deps: DataDeps, limit: number, cursor: string | null) {
  return userEntity(deps.db).query.all({}).go({ order: "desc", limit, cursor });
}

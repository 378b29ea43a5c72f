/**
 * What erasing an account deletes of accounts' items, offered to personal-data: read now, written in its last
 * transaction (the user last, so an erasure interrupted before can be asked again).
 */
import { DomainError } from "../../src/domain/errors";
import { addToStats } from "../platform/db/stats";
import type { TransactionItem } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import { addressEntity } from "./address-entity";
import { sessionEntity } from "./session-entity";
import { userEmailEntity, userEntity } from "./user-entity";

export async function accountDeletes(
  deps: DataDeps,
  user: { id: string; email: string },
): Promise<(() => TransactionItem)[]> {
  const [addresses, sessions] = await Promise.all([
    addressEntity(deps.db).query.byUser({ user_id: user.id }).go({ pages: "all" }),
    sessionEntity(deps.db).query.byUser({ user_id: user.id }).go({ pages: "all" }),
  ]);
  return [
    ...addresses.data.map((address) => () => ({
      commit: addressEntity.transact(deps.db).delete({ user_id: user.id, id: address.id }).commit(),
    })),
    ...sessions.data.map((session) => () => ({
      commit: sessionEntity.transact(deps.db).delete({ token_hash: session.token_hash }).commit(),
    })),
    () => ({
      commit: userEmailEntity.transact(deps.db).delete({ email: user.email }).commit(),
    }),
    () => addToStats(deps.db, "all", user.id, { users: -1 }),
    () => ({
      commit: userEntity
        .transact(deps.db)
        .delete({ id: user.id })
        .where(({ id }, { exists }) => exists(id))
        .commit(),
      onFailed: new DomainError("UNAUTHENTICATED"),
    }),
  ];
}

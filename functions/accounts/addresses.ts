import type { EntityItem } from "electrodb";
import type { Address, Country, ParsedAddressInput } from "../../src/domain/accounts/address";
import { DomainError } from "../../src/domain/errors";
import { newId } from "../platform/adapters/ids";
import type { ReadRound } from "../platform/db/read-round";
import type { Db } from "../platform/db/service";
import { type TransactionItem, writeTransaction } from "../platform/db/transaction";
import type { DataDeps as Deps } from "../platform/deps";
import type { AddressEntity } from "./address-entity";
import { addressEntity } from "./address-entity";
import { getUser } from "./auth";
import { userEntity } from "./user-entity";

export type AddressRecord = EntityItem<AddressEntity>;

/** Every read and write names the caller's id, so another customer's address id does not exist for them (404). */
function toAddress(record: AddressRecord, defaultId: string | undefined): Address {
  return {
    id: record.id,
    first_name: record.first_name,
    last_name: record.last_name,
    phone: record.phone,
    address_line1: record.address_line1,
    address_line2: record.address_line2 || null,
    city: record.city,
    postal_code: record.postal_code,
    country: record.country as Country,
    is_default: record.id === defaultId,
  };
}

async function defaultAddressId(deps: Deps, userId: string): Promise<string | undefined> {
  return (await getUser(deps, userId))?.default_address_id;
}

export async function listAddresses(deps: Deps, userId: string): Promise<Address[]> {
  const [{ data }, defaultId] = await Promise.all([
    addressEntity(deps.db).query.byUser({ user_id: userId }).go({ pages: "all" }),
    defaultAddressId(deps, userId),
  ]);
  return data
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((record) => toAddress(record, defaultId))
    .sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

export async function getAddress(deps: Deps, userId: string, id: string): Promise<Address> {
  const [{ data }, defaultId] = await Promise.all([
    addressEntity(deps.db).get({ user_id: userId, id }).go(),
    defaultAddressId(deps, userId),
  ]);
  if (!data) throw new DomainError("ADDRESS_NOT_FOUND");
  return toAddress(data, defaultId);
}

/** Placing an order copies it and needs no default flag (one read). */
/** An address of the book asked for in a read round (orders' one round before placing an order). */
export const addressInRound = (round: ReadRound, db: Db, key: { user_id: string; id: string }) =>
  round.get(addressEntity(db), key);

export async function findAddressRecord(
  deps: Deps,
  userId: string,
  id: string,
): Promise<AddressRecord | null> {
  return (await addressEntity(deps.db).get({ user_id: userId, id }).go()).data;
}

function fields(input: ParsedAddressInput) {
  return {
    first_name: input.first_name,
    last_name: input.last_name,
    phone: input.phone,
    address_line1: input.address_line1,
    address_line2: input.address_line2 ?? undefined,
    city: input.city,
    postal_code: input.postal_code,
    country: input.country,
  };
}

export async function createAddress(deps: Deps, userId: string, input: ParsedAddressInput): Promise<Address> {
  const id = newId();
  const now = deps.clock().toISOString();
  const currentDefault = await defaultAddressId(deps, userId);
  const makeDefault = input.is_default === true || !currentDefault;
  await writeTransaction(deps.db, () => [
    {
      commit: addressEntity
        .transact(deps.db)
        .create({ user_id: userId, id, ...fields(input), created_at: now, updated_at: now })
        .commit(),
    },
    ...(makeDefault ? [defaultAddressItem(deps, userId, id)] : []),
  ]);
  return getAddress(deps, userId, id);
}

/** The user's pointer to her default address: one item, so the address and its default change together. */
function defaultAddressItem(deps: Deps, userId: string, id: string): TransactionItem {
  return {
    commit: userEntity.transact(deps.db).patch({ id: userId }).set({ default_address_id: id }).commit(),
  };
}

/** The default is the user's pointer, so switching it is one conditional write: exactly one default, always. */
export async function updateAddress(
  deps: Deps,
  userId: string,
  id: string,
  input: ParsedAddressInput | { is_default: true },
): Promise<Address> {
  const now = deps.clock().toISOString();
  const edit = "first_name" in input ? input : null;
  const makeDefault = input.is_default === true;
  await writeTransaction(deps.db, () => [
    {
      commit: edit
        ? addressEntity
            .transact(deps.db)
            .patch({ user_id: userId, id })
            .set({ ...fields(edit), updated_at: now })
            .commit()
        : addressEntity
            .transact(deps.db)
            .check({ user_id: userId, id })
            .where(({ id: attr }, { exists }) => exists(attr))
            .commit(),
      onFailed: new DomainError("ADDRESS_NOT_FOUND"),
    },
    ...(makeDefault ? [defaultAddressItem(deps, userId, id)] : []),
  ]);
  return getAddress(deps, userId, id);
}

export async function deleteAddress(deps: Deps, userId: string, id: string): Promise<void> {
  const addresses = await listAddresses(deps, userId);
  const target = addresses.find((address) => address.id === id);
  if (!target) throw new DomainError("ADDRESS_NOT_FOUND");
  const successor = target.is_default ? addresses.find((address) => address.id !== id) : undefined;
  await writeTransaction(deps.db, () => [
    {
      commit: addressEntity
        .transact(deps.db)
        .delete({ user_id: userId, id })
        .where(({ id: attr }, { exists }) => exists(attr))
        .commit(),
      onFailed: new DomainError("ADDRESS_NOT_FOUND"),
    },
    ...(target.is_default
      ? [
          {
            commit: successor
              ? userEntity
                  .transact(deps.db)
                  .patch({ id: userId })
                  .set({ default_address_id: successor.id })
                  .commit()
              : userEntity.transact(deps.db).patch({ id: userId }).remove(["default_address_id"]).commit(),
          },
        ]
      : []),
  ]);
}

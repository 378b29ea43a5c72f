import {
  ElectroError,
  Entity,
  type Schema,
  type TransactGetEntity,
  type TransactWriteEntity,
} from "electrodb";
import type { EntityOf } from "./entity-schema";
import type { Db } from "./service";

interface EntityInternals {
  go(method: string, parameters: unknown, config?: Record<string, unknown>): Promise<unknown>;
}

// ElectroDB's constructor (code, message, cause), which its public types leave out. No code: "UnknownError".
const Electro = ElectroError as unknown as new (
  code: undefined,
  message: string,
  cause: Error,
) => ElectroError<Error>;

type CallFailure = Error & { isElectroError?: boolean; __isAWSError?: boolean; __edb_params?: unknown };

/** The error ElectroDB would have rejected with: an ElectroError whose `cause` is the SDK's error. */
export function electroErrorOf(failure: unknown): unknown {
  if (!(failure instanceof Error)) return failure;
  const raw = failure as CallFailure;
  if (raw.isElectroError) return raw;
  const error = new Electro(undefined, raw.message, raw);
  Object.defineProperty(error, "params", { value: () => raw.__edb_params ?? null, configurable: true });
  if (raw.__isAWSError) {
    error.message = `Error thrown by DynamoDB client: "${raw.message}" - For more detail on this error reference: https://electrodb.dev/en/reference/errors/#aws-error`;
    Object.defineProperty(error, "code", { value: 4001, enumerable: true, configurable: true });
  }
  return error;
}

/**
 * Unless told `originalErr`, ElectroDB builds an ElectroError (a stack trace, ~7 % of a busy API's time) before every
 * call; here it is built only when the call failed, in ElectroDB's shape.
 */
function errorsOnFailureOnly<E>(entity: E): E {
  const internals = entity as unknown as EntityInternals;
  const go = internals.go.bind(internals);
  internals.go = (method, parameters, config = {}) =>
    go(method, parameters, { ...config, originalErr: true }).catch((failure: unknown) => {
      throw electroErrorOf(failure);
    });
  return entity;
}

type Transacted<S, Kind extends "write" | "get"> =
  S extends Schema<infer A, infer F, infer C>
    ? Kind extends "write"
      ? TransactWriteEntity<A, F, C, S>
      : TransactGetEntity<A, F, C, S>
    : never;

/** An entity on a db; `transact` and `transactGet` give the same entity, typed as in a transaction's items. */
export type EntityAccessor<S> = ((db: Db) => EntityOf<S>) & {
  transact(db: Db): Transacted<S, "write">;
  transactGet(db: Db): Transacted<S, "get">;
};

/**
 * A feature's entity, built (~5 ms of validation) when first used, once per db client: a Lambda builds only the
 * entities it uses, and bundles only their schemas.
 */
export function defineEntity<S>(schema: S): EntityAccessor<S> {
  const built = new WeakMap<Db, EntityOf<S>>();
  const entity = (db: Db) => {
    let existing = built.get(db);
    if (!existing) {
      const created = new Entity(schema as never, { client: db.documents, table: db.tableName });
      existing = errorsOnFailureOnly(created) as unknown as EntityOf<S>;
      built.set(db, existing);
    }
    return existing;
  };
  // ElectroDB's Service hands the same objects to a transaction: only their types differ.
  return Object.assign(entity, {
    transact: (db: Db) => entity(db) as unknown as Transacted<S, "write">,
    transactGet: (db: Db) => entity(db) as unknown as Transacted<S, "get">,
  });
}

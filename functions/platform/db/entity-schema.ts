import type { Entity, Schema } from "electrodb";

/**
 * An entity's model, kept as data until a function first uses the entity (functions/platform/db/service.ts builds it then).
 * Typed as ElectroDB's own `createSchema`, so `new Entity(schema)` infers the same types as with the literal inline;
 * unlike it, it does not validate the model at import: ElectroDB validates it when the entity is built.
 */
export function entitySchema<
  A extends string,
  F extends string,
  C extends string,
  S extends Schema<A, F, C, P>,
  P extends string,
>(schema: S): S {
  return schema;
}

/** The entity `new Entity(schema)` builds: the type services name records by (`EntityItem<ProductEntity>`). */
export type EntityOf<S> =
  S extends Schema<infer A, infer F, infer C, infer P> ? Entity<A, F, C, S, P> : never;

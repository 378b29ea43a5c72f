import type { Entity, Schema } from "electrodb";

/** An entity's model kept as data until first used; typed as ElectroDB's `createSchema`, validated when built. */
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

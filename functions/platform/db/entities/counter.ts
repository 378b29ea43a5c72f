import { defineEntity } from "../entity";
import { type EntityOf, entitySchema } from "../entity-schema";
import { itemKey } from "./shapes";

/** Atomic counters (product ids, later invoice numbers): incremented with an ADD update. */
export const counterSchema = entitySchema({
  model: { entity: "counter", version: "1", service: "shop" },
  attributes: {
    name: { type: "string", required: true },
    value: { type: "number", required: true },
  },
  indexes: {
    byName: itemKey("name"),
  },
});
export type CounterEntity = EntityOf<typeof counterSchema>;
export const counterEntity = defineEntity(counterSchema);

import { Entity } from "electrodb";

/** Atomic counters (product ids, later invoice numbers): incremented with an ADD update. */
export const CounterEntity = new Entity({
  model: { entity: "counter", version: "1", service: "shop" },
  attributes: {
    name: { type: "string", required: true },
    value: { type: "number", required: true },
  },
  indexes: {
    byName: {
      pk: { field: "pk", composite: ["name"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

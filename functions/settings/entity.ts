import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/** Each value is validated by its schema in src/domain/settings/settings.ts. */
export const settingSchema = entitySchema({
  model: { entity: "setting", version: "1", service: "shop" },
  attributes: {
    key: { type: "string", required: true },
    value: { type: "any", required: true },
    updated_at: { type: "string", required: true },
  },
  indexes: {
    byKey: {
      pk: { field: "pk", composite: [] },
      sk: { field: "sk", composite: ["key"] },
    },
  },
});
export type SettingEntity = EntityOf<typeof settingSchema>;
export const settingEntity = defineEntity(settingSchema);

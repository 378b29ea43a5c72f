import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/** A catalogue product. Money in integer cents; ids are positive integers from the "product" counter. */
export const productSchema = entitySchema({
  model: { entity: "product", version: "1", service: "shop" },
  attributes: {
    id: { type: "number", required: true },
    name: { type: "string", required: true },
    price_cents: { type: "number", required: true },
    weight: { type: "string", required: true },
    image: { type: "string", required: true },
    description: { type: "string", required: true },
    long_description: { type: "string", default: "" },
    category: { type: "string", default: "" },
    stock: { type: "number", required: true },
    low_stock_threshold: { type: "number", required: true },
    benefits: { type: "list", items: { type: "string" }, default: () => [] },
    ingredients: { type: "string", default: "" },
    usage: { type: "string", default: "" },
    is_active: { type: "boolean", required: true },
    // Cosmetics information. Not required: older products have none, and an inactive product
    // may be saved incomplete.
    reference: { type: "string", default: "" },
    gtin: { type: "string", default: "" },
    cosmetic_function: { type: "string", default: "" },
    inci: { type: "string", default: "" },
    precautions: { type: "string", default: "" },
    net_weight_g: { type: "number", default: 0 },
    allergens: { type: "string", default: "" },
    pao_months: { type: "number", default: 0 },
    durability_date: { type: "string", default: "" },
    /** Written by the photo service only (appended atomically, so two uploads at once both stay), never the form. */
    photos: {
      type: "list",
      default: () => [],
      items: {
        type: "map",
        properties: {
          id: { type: "string", required: true },
          alt: { type: "string", required: true },
          width: { type: "number", required: true },
          height: { type: "number", required: true },
          widths: { type: "list", required: true, items: { type: "number" } },
        },
      },
    },
    /**
     * Set only if absent, by a conditional write, so one crossing makes one e-mail; removed once a restock brings the
     * stock above the threshold.
     */
    low_stock_alerted_at: { type: "string" },
    created_at: { type: "string", required: true, readOnly: true },
    updated_at: { type: "string", required: true },
  },
  indexes: {
    // All products share one partition: an artisan's catalogue is small, and one query lists it.
    byId: {
      pk: { field: "pk", composite: [] },
      sk: { field: "sk", composite: ["id"] },
    },
  },
});
export type ProductEntity = EntityOf<typeof productSchema>;
export const productEntity = defineEntity(productSchema);

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
    /**
     * Its reductions, scheduled, running and ended, written by the reductions feature only (decision record 054), each
     * with the reference price fixed when it was scheduled and the ids of its two history lines. One list on the
     * product, so every read of the product (pages, cart, order) knows the price in force without another read.
     */
    reductions: {
      type: "list",
      default: () => [],
      items: {
        type: "map",
        properties: {
          id: { type: "string", required: true },
          kind: { type: ["promotion", "soldes"] as const, required: true },
          starts_at: { type: "string", required: true },
          ends_at: { type: "string", required: true },
          price_cents: { type: "number", required: true },
          reference_cents: { type: "number", required: true },
          start_line: { type: "string", required: true },
          end_line: { type: "string", required: true },
        },
      },
    },
    /** Bumped by each write of `reductions`: a write conditioned on it was decided on the list it read. */
    reductions_version: { type: "number", default: 0 },
    /** When its price history's first line was written (at creation, or by the job for older products). */
    price_recorded_at: { type: "string" },
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

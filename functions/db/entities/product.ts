import { Entity } from "electrodb";

/** A catalogue product. Money in integer cents; ids are positive integers from the "product" counter. */
export const ProductEntity = new Entity({
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

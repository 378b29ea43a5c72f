/** A postal address (spec 5: line 2 optional, the rest required). */
export const postalAddressAttributes = {
  first_name: { type: "string", required: true },
  last_name: { type: "string", required: true },
  phone: { type: "string", required: true },
  address_line1: { type: "string", required: true },
  address_line2: { type: "string" },
  city: { type: "string", required: true },
  postal_code: { type: "string", required: true },
  country: { type: "string", required: true },
} as const;

/** A pick-up point (src/domain/orders/pickup-point.ts): its address and one opening-hours string a day. */
export const pickupPointAttributes = {
  id: { type: "string", required: true },
  name: { type: "string", required: true },
  address_line1: { type: "string", required: true },
  address_line2: { type: "string" },
  postal_code: { type: "string", required: true },
  city: { type: "string", required: true },
  country_code: { type: "string", required: true },
  opening_hours: { type: "list", required: true, items: { type: "string" } },
} as const;

/** The lots a line's units came from or went back to. */
export const lotsAttribute = {
  type: "list",
  items: {
    type: "map",
    properties: {
      lot: { type: "string", required: true },
      quantity: { type: "number", required: true },
    },
  },
} as const;

export function itemKey<const C extends readonly string[]>(...composite: C) {
  return { pk: { field: "pk", composite }, sk: { field: "sk", composite: [] } } as const;
}

/** Every item of an entity in one partition of a global index, sorted by `sort` (newest first when read backwards). */
export function everyItem<const I extends "gsi1" | "gsi2", const C extends readonly string[]>(
  index: I,
  ...sort: C
) {
  return {
    index,
    pk: { field: `${index}pk`, composite: [] },
    sk: { field: `${index}sk`, composite: sort },
  } as const;
}

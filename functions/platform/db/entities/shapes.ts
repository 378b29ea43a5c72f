/**
 * Attribute and index shapes that several entities share, declared once: the postal address an order freezes is the
 * address book's, and a line's lots are the same list whether sold or returned. Each is `as const` so ElectroDB
 * infers the same item types as with the literal written inline.
 */

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

/**
 * A pick-up point (issue 31, src/domain/shipping/pickup-point.ts) as a search cached it and as an order keeps it:
 * its address, and each day's opening slots, Monday to Sunday, one string a day (packedHours).
 */
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

/** The lots a line's units came from or went back to (decision record 018); units not listed: « lot non enregistré ». */
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

/** The table's own key for an item read by these attributes alone (no sort key). */
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

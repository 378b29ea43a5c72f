/**
 * Where a parcel goes, as one comparable key: the same home typed « 5, Rue du  Four » and « 5 rue du four » is one
 * place. Limits that count a person by where her goods go (a guest's promo uses, what unpaid orders may hold) use it.
 */

/** Lower case, accents and everything but letters and digits removed. */
function compact(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** The key of a delivery address: its country, postal code and first line, compacted. */
export function deliveryPlaceKey(address: {
  country?: string | null;
  postal_code: string;
  address_line1: string;
}): string {
  return [compact(address.country ?? ""), compact(address.postal_code), compact(address.address_line1)].join(
    "#",
  );
}

/**
 * Delivery to a pick-up point (docs/decisions/048), without zod: the checkout island imports it. The order keeps a
 * copy made by the server from what the search found, never from what the browser sends.
 */

export interface PickupPoint {
  /** La Poste's identifier, what the label names. */
  id: string;
  name: string;
  address_line1: string;
  address_line2: string | null;
  postal_code: string;
  city: string;
  country_code: string;
  distance_m: number;
  /** Monday to Sunday; an empty day is closed. */
  opening_hours: string[][];
}

export interface OrderPickupPoint extends Omit<PickupPoint, "distance_m"> {
  /** For La Poste's « colis disponible » text, E.164. */
  phone: string;
}

const WEEKDAYS = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"] as const;

export const PICKUP_POINT_ID_PATTERN = /^[A-Za-z0-9]{1,12}$/;

export const POSTAL_CODE_PATTERN = /^\d{5}$/;

export const pickupMessages = {
  homeLabel: "Livraison à domicile",
  pickupLabel: "Livraison en point relais",
  pointRequired: "Veuillez choisir un point relais",
  mobileRequired:
    "Veuillez indiquer un numéro de portable (06 ou 07) : La Poste vous prévient par SMS quand le colis est disponible",
  postalCodeInvalid: "Le code postal compte 5 chiffres.",
  noPoint: "Aucun point relais trouvé près de ce code postal.",
  searchFailed:
    "La recherche de points relais ne répond pas : réessayez dans un instant, ou choisissez la livraison à domicile.",
  notOffered: "La livraison en point relais n'est pas proposée pour le moment.",
  pointUnknown:
    "Ce point relais n'est plus proposé : veuillez faire une nouvelle recherche et en choisir un.",
} as const;

/** E.164 (+33 6/7…) from what a customer types, or null: La Poste texts a mobile only. */
export function frenchMobile(typed: string): string | null {
  const compact = typed.replace(/[\s.\-()]/g, "");
  const national = compact.replace(/^(?:\+33|0033)/, "0");
  return /^0[67]\d{8}$/.test(national) ? `+33${national.slice(1)}` : null;
}

/** One string a day: DynamoDB's mapper has no list of lists. */
export function packedHours(hours: readonly (readonly string[])[]): string[] {
  return WEEKDAYS.map((_, index) => (hours[index] ?? []).join(" "));
}

export function unpackedHours(days: readonly string[]): string[][] {
  return WEEKDAYS.map((_, index) => (days[index] ?? "").split(" ").filter(Boolean));
}

function frenchTime(time: string): string {
  const [hours = "", minutes = "00"] = time.split(":");
  const h = Number(hours);
  return minutes === "00" ? `${h} h` : `${h} h ${minutes}`;
}

/** A malformed slot is shown as La Poste wrote it. */
function slotText(slot: string): string {
  const match = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(slot);
  return match ? `${frenchTime(match[1] as string)} – ${frenchTime(match[2] as string)}` : slot;
}

export function openingHoursLines(hours: readonly (readonly string[])[]): string[] {
  return WEEKDAYS.map((day, index) => {
    const slots = hours[index] ?? [];
    return `${day} : ${slots.length ? slots.map(slotText).join(", ") : "fermé"}`;
  });
}

export function distanceText(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toLocaleString("fr-FR", { maximumFractionDigits: 1 })} km`;
}

export function pickupAddressLines(
  point: Pick<PickupPoint, "name" | "address_line1" | "address_line2" | "postal_code" | "city">,
): string[] {
  return [
    point.name,
    point.address_line1,
    ...(point.address_line2 ? [point.address_line2] : []),
    `${point.postal_code} ${point.city}`,
  ];
}

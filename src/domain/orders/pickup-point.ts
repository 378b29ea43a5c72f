/**
 * Delivery to a pick-up point (docs/decisions/048): what the checkout, the server, the e-mails and the
 * admin share about a point, without zod (the checkout island imports this file). A point comes from La Poste's
 * pick-up points service (shipping/laposte-pickup.ts) through GET /api/shipping/pickup-points; the order keeps its
 * own copy, made by the server from what that search found, never from what the browser sends.
 */

export interface PickupPoint {
  /** La Poste's identifier of the point (6 characters): what the label names. */
  id: string;
  name: string;
  address_line1: string;
  address_line2: string | null;
  postal_code: string;
  city: string;
  /** ISO 3166-1 alpha-2 ("FR"). */
  country_code: string;
  /** From the searched place, in metres. */
  distance_m: number;
  /** Monday to Sunday: each day's opening slots ("09:00-12:00"); an empty day is a closed day. */
  opening_hours: string[][];
}

/** The point as an order keeps it: its address and hours when it was chosen, and the mobile La Poste texts. */
export interface OrderPickupPoint extends Omit<PickupPoint, "distance_m"> {
  /** The customer's mobile for La Poste's « colis disponible » text, E.164 (+336…, +337…). */
  phone: string;
}

const WEEKDAYS = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"] as const;

/** La Poste's identifiers are 6 characters; a few more are allowed, nothing but letters and digits. */
export const PICKUP_POINT_ID_PATTERN = /^[A-Za-z0-9]{1,12}$/;

/** A French postal code (the search is for metropolitan France and Monaco, 5 digits). */
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

/**
 * A French mobile number in E.164 (+33 then 6 or 7 and 8 digits), from what a customer types (« 06 12 34 56 78 »,
 * « +33 6 12 34 56 78 », « 0033612345678 »); null when it is not one. La Poste sends its SMS to a mobile only.
 */
export function frenchMobile(typed: string): string | null {
  const compact = typed.replace(/[\s.\-()]/g, "");
  const national = compact.replace(/^(?:\+33|0033)/, "0");
  return /^0[67]\d{8}$/.test(national) ? `+33${national.slice(1)}` : null;
}

/**
 * The week's hours as the table keeps them, one string a day (slots separated by a space, "" when closed): DynamoDB's
 * mapper has no list of lists. `unpackedHours` reads them back.
 */
export function packedHours(hours: readonly (readonly string[])[]): string[] {
  return WEEKDAYS.map((_, index) => (hours[index] ?? []).join(" "));
}

export function unpackedHours(days: readonly string[]): string[][] {
  return WEEKDAYS.map((_, index) => (days[index] ?? "").split(" ").filter(Boolean));
}

/** "09:00" as a French reader reads it: « 9 h » or « 9 h 30 ». */
function frenchTime(time: string): string {
  const [hours = "", minutes = "00"] = time.split(":");
  const h = Number(hours);
  return minutes === "00" ? `${h} h` : `${h} h ${minutes}`;
}

/** One slot, « 9 h – 12 h 30 »; a malformed slot is shown as La Poste wrote it. */
function slotText(slot: string): string {
  const match = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(slot);
  return match ? `${frenchTime(match[1] as string)} – ${frenchTime(match[2] as string)}` : slot;
}

/** The week's hours, one line a day: « Lundi : 9 h – 12 h, 14 h – 18 h », « Dimanche : fermé ». */
export function openingHoursLines(hours: readonly (readonly string[])[]): string[] {
  return WEEKDAYS.map((day, index) => {
    const slots = hours[index] ?? [];
    return `${day} : ${slots.length ? slots.map(slotText).join(", ") : "fermé"}`;
  });
}

/** « 350 m », « 1,2 km ». */
export function distanceText(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toLocaleString("fr-FR", { maximumFractionDigits: 1 })} km`;
}

/** The point's address lines: its name, the street (and complement), the postal code and city. */
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

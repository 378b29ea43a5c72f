/**
 * La Poste's pick-up points web service v2 (docs/decisions/048): the JSON body of
 * `POST https://ws.colissimo.fr/pointretrait-ws-cxf/rest/v2/pointretrait/findRDVPointRetraitAcheminement` and the
 * reading of its answer into a PickupPoint. Server-only: the body carries the contract's password.
 */

import { PICKUP_POINT_ID_PATTERN, type PickupPoint, POSTAL_CODE_PATTERN } from "../orders/pickup-point";
import { CARRIER_TEXT_MAX, carrierText } from "./carrier-text";

/** Where the service lives, below https://ws.colissimo.fr (or a double's base address). */
export const PICKUP_SEARCH_PATH = "/pointretrait-ws-cxf/rest/v2/pointretrait/findRDVPointRetraitAcheminement";

/** The most points the shop shows from one search (La Poste's order kept: nearest first). */
export const PICKUP_MAX_POINTS = 20;

/** The seven fields of a point's hours, Monday to Sunday: PickupPoint.opening_hours in this order. */
export const PICKUP_HOURS_FIELDS = [
  "horairesOuvertureLundi",
  "horairesOuvertureMardi",
  "horairesOuvertureMercredi",
  "horairesOuvertureJeudi",
  "horairesOuvertureVendredi",
  "horairesOuvertureSamedi",
  "horairesOuvertureDimanche",
] as const;

/** La Poste's error codes for this service and their texts, as the CDI plugin transcribes them (docs/decisions/048). */
export const PICKUP_ERRORS: Readonly<Record<number, string>> = {
  0: "Code retour OK",
  101: "Numéro de compte absent",
  102: "Mot de passe absent",
  104: "Code postal absent",
  105: "Ville absente",
  106: "Date estimée de l’envoi absente",
  107: "Identifiant point de retrait absent",
  117: "Code ISO pays manquant",
  120: "Poids n’est pas un entier",
  121: "Poids n’est pas compris entre 1 et 99999",
  122: "Date n’est pas au format JJ/MM/AAAA",
  123: "Filtre relais n’est pas 0 ou 1",
  124: "Identifiant point de retrait incorrect",
  125: "Code postal incorrect (non compris entre 01XXX et 95XXX ou 980XX)",
  127: "RequestId incorrect",
  129: "Adresse incorrecte",
  143: "Code postal incorrect (format XXXX non respecté)",
  144: "Code postal incorrect, format non respecté",
  145: "Code postal obligatoire",
  146: "Pays non éligible à Colissimo Europe",
  201: "Identifiant / mot de passe invalide",
  202: "Service non autorisé pour cet identifiant",
  203: "Option international non compatible avec le pays",
  300: "Pas de point de retrait suite à l’application des règles métier",
  301: "Pas de point de retrait trouvé",
  1000: "Erreur système (erreur technique)",
};

/** The codes that mean the contract's number or password is missing or refused. */
export const PICKUP_CREDENTIAL_CODES: readonly number[] = [101, 102, 201];

/** The codes that mean « no pick-up point »: an empty list, not a refusal. */
export const PICKUP_NO_POINT_CODES: readonly number[] = [300, 301];

/** The longest city and requestId La Poste takes (ekyna/Colissimo's field definitions). */
const MAX_CITY = 50;
const MAX_REQUEST_ID = 64;

export interface PickupSearchInput {
  /** The Colissimo contract's number and web-service password, the same as for labels. */
  contractNumber: string;
  password: string;
  /** A French postal code, 5 digits (checked by the caller; La Poste refuses others with 104 or 125). */
  postalCode: string;
  /** The shopper's city, when known: La Poste uses it with the postal code to place the search. */
  city?: string;
  /** The parcel's weight: La Poste leaves out the points that take less. */
  weightGrams: number;
  /** The day the parcel is handed to La Poste, YYYY-MM-DD (Paris): La Poste leaves out the points closed then. */
  shippingDay: string;
  /** An identifier of this search, for La Poste's logs (64 characters at most). */
  requestId: string;
}

function oneLine(value: unknown): string {
  return typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
}

function cut(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max ? value : chars.slice(0, max).join("").trimEnd();
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** "2025-03-07" as La Poste's shippingDate « JJ/MM/AAAA » (error 122 otherwise); throws for a day that is not one. */
export function pickupShippingDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) throw new Error(`Jour invalide (AAAA-MM-JJ attendu) : ${day}`);
  const [, year, month, date] = match as unknown as [string, string, string, string];
  const y = Number(year);
  const m = Number(month);
  const d = Number(date);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  if (m < 1 || m > 12 || d < 1 || d > (m === 2 && !leap ? 28 : (DAYS_IN_MONTH[m - 1] ?? 0)))
    throw new Error(`Jour invalide : ${day}`);
  return `${date}/${month}/${year}`;
}

/** The JSON body, every field a string as La Poste's plugin sends them; an unknown address or city is " ". */
export function pickupSearchBody(input: PickupSearchInput): Record<string, string> {
  if (!Number.isFinite(input.weightGrams)) throw new Error(`Poids invalide : ${input.weightGrams}`);
  const city = cut(oneLine(input.city), MAX_CITY);
  return {
    accountNumber: oneLine(input.contractNumber),
    // Sent as typed: a password may begin or end with a space.
    password: input.password,
    address: " ",
    zipCode: oneLine(input.postalCode),
    city: city || " ",
    countryCode: "FR",
    weight: String(Math.max(1, Math.ceil(input.weightGrams))),
    shippingDate: pickupShippingDate(input.shippingDay),
    filterRelay: "1",
    requestId: cut(oneLine(input.requestId), MAX_REQUEST_ID),
    lang: "FR",
    optionInter: "0",
  };
}

export type PickupSearchAnswer =
  | { kind: "points"; points: PickupPoint[] }
  | { kind: "credentials"; message: string }
  | { kind: "refused"; code: number; message: string };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const SLOT = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

/** Minutes since midnight of "HH:MM", or null (24:00 allowed, as an end). */
function minutes(hours: string, mins: string): number | null {
  const h = Number(hours);
  const m = Number(mins);
  if (h > 24 || m > 59 || (h === 24 && m > 0)) return null;
  return h * 60 + m;
}

/** The most slots a day keeps: La Poste's format has two. */
const MAX_SLOTS_PER_DAY = 4;

/** One day's hours (« 09:00-12:00 14:00-19:00 ») as slots; « 00:00-00:00 » and unreadable slots are left out. */
export function pickupDayHours(value: unknown): string[] {
  if (typeof value !== "string") return [];
  return value
    .split(/\s+/)
    .filter((slot) => {
      const match = SLOT.exec(slot);
      if (!match) return false;
      const [, h1 = "", m1 = "", h2 = "", m2 = ""] = match;
      const start = minutes(h1, m1);
      const end = minutes(h2, m2);
      return start !== null && end !== null && start < end;
    })
    .slice(0, MAX_SLOTS_PER_DAY);
}

function distanceOf(value: unknown): number | null {
  const n =
    typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

function errorCodeOf(body: Json): number | null {
  const code = body.errorCode;
  if (typeof code === "number" && Number.isInteger(code)) return code;
  if (typeof code === "string" && /^\d+$/.test(code.trim())) return Number(code);
  return null;
}

/** One point as the shop keeps it, or null for one it must not offer (unreadable, or closed: `congesTotal`). */
function readPoint(raw: unknown): PickupPoint | null {
  if (!isObject(raw)) return null;
  if (raw.congesTotal === true || raw.congesTotal === "true") return null;
  const id = typeof raw.identifiant === "string" ? raw.identifiant.trim() : "";
  const name = carrierText(raw.nom, CARRIER_TEXT_MAX.pointName);
  const street = carrierText(raw.adresse1, CARRIER_TEXT_MAX.pointLine);
  const postalCode = oneLine(raw.codePostal);
  const city = carrierText(raw.localite, CARRIER_TEXT_MAX.pointCity);
  const distance = distanceOf(raw.distanceEnMetre);
  if (
    !PICKUP_POINT_ID_PATTERN.test(id) ||
    !name ||
    !street ||
    !POSTAL_CODE_PATTERN.test(postalCode) ||
    !city ||
    distance === null
  )
    return null;
  const complement = carrierText(
    [
      carrierText(raw.adresse2, CARRIER_TEXT_MAX.pointLine),
      carrierText(raw.adresse3, CARRIER_TEXT_MAX.pointLine),
    ]
      .filter(Boolean)
      .join(", "),
    CARRIER_TEXT_MAX.pointLine,
  );
  const country = oneLine(raw.codePays).toUpperCase();
  return {
    id,
    name,
    address_line1: street,
    address_line2: complement || null,
    postal_code: postalCode,
    city,
    country_code: /^[A-Z]{2}$/.test(country) ? country : "FR",
    distance_m: distance,
    opening_hours: PICKUP_HOURS_FIELDS.map((field) => pickupDayHours(raw[field])),
  };
}

/**
 * Reads La Poste's answer (at the root or inside a `return` envelope): 300/301 mean no point, 101/102/201 refused
 * credentials. Throws when the answer cannot be read: the caller answers that the search does not respond.
 */
export function parsePickupSearchResponse(json: unknown): PickupSearchAnswer {
  if (!isObject(json)) throw new Error("La réponse du service Points de retrait n'est pas un objet JSON.");
  const body = isObject(json.return) ? json.return : json;
  const code = errorCodeOf(body);
  if (code === null) throw new Error("La réponse du service Points de retrait n'a pas d'errorCode.");
  const message =
    carrierText(body.errorMessage, CARRIER_TEXT_MAX.message) || PICKUP_ERRORS[code] || `Erreur ${code}`;
  if (PICKUP_CREDENTIAL_CODES.includes(code)) return { kind: "credentials", message };
  if (PICKUP_NO_POINT_CODES.includes(code)) return { kind: "points", points: [] };
  if (code !== 0) return { kind: "refused", code, message };

  const list = body.listePointRetraitAcheminement;
  // A list of one may come as the point itself (the SOAP answer does so; Addonline's module turns it into a list).
  const raws =
    list === undefined || list === null ? [] : Array.isArray(list) ? list : isObject(list) ? [list] : null;
  if (raws === null) throw new Error("La liste de points du service Points de retrait est illisible.");
  const points: PickupPoint[] = [];
  const seen = new Set<string>();
  for (const raw of raws) {
    const point = readPoint(raw);
    if (!point || seen.has(point.id)) continue;
    seen.add(point.id);
    points.push(point);
    if (points.length === PICKUP_MAX_POINTS) break;
  }
  return { kind: "points", points };
}

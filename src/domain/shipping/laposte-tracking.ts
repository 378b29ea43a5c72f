/**
 * La Poste's tracking API « Suivi » v2: `GET https://api.laposte.fr/suivi/v2/idships/{idShip}?lang=fr_FR` (header
 * `X-Okapi-Key`), spec https://developer.laposte.fr/catalog-apis/suivi@2, and the reading of its answer.
 * Event codes: La Poste's table as public clients copy it (e.g. https://github.com/rigwild/suivi-poste).
 */

import { parisDay } from "../paris-time";
import { CARRIER_TEXT_MAX, carrierText, MAX_TRACKING_EVENTS } from "./carrier-text";

export const TRACKING_PATH = (idShip: string): string =>
  `/suivi/v2/idships/${encodeURIComponent(idShip)}?lang=fr_FR`;

/** JSON, as La Poste asks (« xml is deprecated »). */
export const trackingRequestHeaders = (apiKey: string): Record<string, string> => ({
  "X-Okapi-Key": apiKey,
  Accept: "application/json",
});

/** What an identifier must look like for La Poste: « composed from 11 to 15 alphanumeric characters ». */
export const TRACKING_ID_PATTERN = /^[A-Za-z0-9]{11,15}$/;

/** A step of La Poste's 5-step timeline. */
export type TrackingStep = 1 | 2 | 3 | 4 | 5;

/** La Poste's event codes; the steps of DR2, DI0, DI3 and ID0 are inferred (one copy of the list only). */
export const TRACKING_CODES: Readonly<Record<string, { label: string; step: TrackingStep }>> = {
  DR1: { label: "Déclaratif réceptionné", step: 1 },
  DR2: { label: "Problème lors de la préparation", step: 1 },
  PC1: { label: "Pris en charge", step: 2 },
  PC2: { label: "Pris en charge dans le pays d’expédition", step: 2 },
  ET1: { label: "En cours de traitement", step: 3 },
  ET2: { label: "En cours de traitement dans le pays d’expédition", step: 3 },
  ET3: { label: "En cours de traitement dans le pays de destination", step: 3 },
  ET4: { label: "En cours de traitement dans un pays de transit", step: 3 },
  EP1: { label: "En attente de présentation", step: 3 },
  DO1: { label: "Entrée en douane", step: 3 },
  DO2: { label: "Sortie de douane", step: 3 },
  DO3: { label: "Retenu en douane", step: 3 },
  ID0: { label: "Informations douane", step: 3 },
  PB1: { label: "Problème en cours", step: 3 },
  PB2: { label: "Problème résolu", step: 3 },
  MD2: { label: "Mis en distribution", step: 4 },
  ND1: { label: "Non distribuable", step: 4 },
  AG1: { label: "En attente d’être retiré au guichet", step: 4 },
  RE1: { label: "Retourné à l’expéditeur", step: 4 },
  DI0: { label: "Distribué en lot", step: 5 },
  DI1: { label: "Distribué", step: 5 },
  DI2: { label: "Distribué à l’expéditeur", step: 5 },
  DI3: { label: "Retardé", step: 5 },
};

export function trackingCodeLabel(code: string): string {
  return TRACKING_CODES[code]?.label ?? `Événement La Poste ${code}`;
}

/** DI1 and DI0; DI2 is the parcel delivered back to the shop, not to the customer. */
export function isDeliveredCode(code: string): boolean {
  return code === "DI1" || code === "DI0";
}

export function isReturnedCode(code: string): boolean {
  return code === "RE1" || code === "DI2";
}

export interface TrackingEvent {
  code: string;
  label: string;
  /** ISO 8601, UTC. */
  at: string;
}

export type TrackingFailureKind = "unknown_parcel" | "bad_key" | "invalid" | "unavailable";

export type TrackingResult =
  | {
      ok: true;
      parcelNumber: string;
      /** Oldest first. */
      events: TrackingEvent[];
      delivered: { at: string } | null;
      returned: boolean;
      isFinal: boolean;
      /** `estimDate` as a Paris day while the parcel is on its way; null otherwise. */
      estimated: string | null;
    }
  | { ok: false; kind: TrackingFailureKind; message: string };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** A La Poste date as epoch ms, or null; one without its offset is refused (it would be read in the server's zone). */
export function parseLaposteDate(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = ISO_WITH_OFFSET.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = "0", offsetHours = "0", offsetMinutes = "0"] = match;
  const m = Number(month);
  const d = Number(day);
  const leap = (Number(year) % 4 === 0 && Number(year) % 100 !== 0) || Number(year) % 400 === 0;
  if (m < 1 || m > 12 || d < 1 || d > (m === 2 && !leap ? 28 : (DAYS_IN_MONTH[m - 1] ?? 0))) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  if (Number(offsetHours) > 14 || Number(offsetMinutes) > 59) return null;
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? ms : null;
}

const MESSAGES = {
  badKey:
    "La Poste refuse la clé de l'API Suivi (X-Okapi-Key) : vérifiez la clé saisie dans les réglages de la boutique.",
  forbidden:
    "La Poste refuse l'accès à l'API Suivi (HTTP 403) : vérifiez sur developer.laposte.fr que l'application est abonnée à « Suivi v2 » et que son adresse IP n'est pas restreinte.",
  invalid:
    "La Poste refuse ce numéro de suivi : il doit compter de 11 à 15 lettres et chiffres. Vérifiez le numéro du colis.",
  unknownParcel:
    "La Poste ne connaît pas (encore) ce colis : son suivi apparaît parfois quelques heures après la création de l'étiquette. Réessayez plus tard.",
  tooManyCalls: "La Poste limite le nombre d'appels à son API Suivi : le suivi sera réessayé plus tard.",
  unreadable:
    "La réponse de l'API Suivi de La Poste est illisible : le suivi de ce colis n'a pas pu être lu.",
  otherParcel: "L'API Suivi de La Poste a répondu pour un autre colis : le suivi n'a pas pu être lu.",
} as const;

const failure = (kind: TrackingFailureKind, message: string): TrackingResult => ({
  ok: false,
  kind,
  message,
});
const unreadable = () => failure("unavailable", MESSAGES.unreadable);

function returnCodeOf(body: Json): number | null {
  const code = body.returnCode;
  if (typeof code === "number" && Number.isInteger(code)) return code;
  if (typeof code === "string" && /^\d{3}$/.test(code.trim())) return Number(code);
  return null;
}

function invalidMessage(body: unknown): string {
  const said = isObject(body) ? carrierText(body.returnMessage, CARRIER_TEXT_MAX.message) : "";
  return said ? `${MESSAGES.invalid} (La Poste : « ${said} »)` : MESSAGES.invalid;
}

function itemFailure(returnCode: number | null, body: Json): TrackingResult {
  if (returnCode === 400) return failure("invalid", invalidMessage(body));
  if (returnCode === 401) return failure("bad_key", MESSAGES.badKey);
  // 101, 104, 105 and 109 are all read as « not known (yet) » (the OpenAPI's 404 examples).
  if (returnCode !== null && [101, 104, 105, 109, 404].includes(returnCode))
    return failure("unknown_parcel", MESSAGES.unknownParcel);
  if (returnCode === 429) return failure("unavailable", MESSAGES.tooManyCalls);
  if (returnCode !== null && returnCode >= 500)
    return failure(
      "unavailable",
      `Le service de suivi de La Poste ne répond pas (code ${returnCode}) : réessayez plus tard.`,
    );
  return unreadable();
}

function pickItem(body: unknown, idShip: string | undefined): Json | null {
  if (isObject(body)) return body;
  if (!Array.isArray(body)) return null;
  const items = body.filter(isObject);
  if (idShip) {
    const wanted = idShip.toUpperCase();
    const found = items.find(
      (item) =>
        text(item.idShip).toUpperCase() === wanted ||
        (isObject(item.shipment) && text(item.shipment.idShip).toUpperCase() === wanted),
    );
    if (found) return found;
  }
  return items.length === 1 ? (items[0] ?? null) : null;
}

interface ReadEvent extends TrackingEvent {
  ms: number;
  order: number | null;
  index: number;
}

function readShipment(item: Json, idShip: string | undefined, lang: string): TrackingResult {
  const shipment = item.shipment;
  if (!isObject(shipment)) return unreadable();
  const parcelNumber = text(shipment.idShip);
  if (!TRACKING_ID_PATTERN.test(parcelNumber)) return unreadable();
  if (idShip && parcelNumber.toUpperCase() !== idShip.toUpperCase())
    return failure("unavailable", MESSAGES.otherParcel);

  // Every event must carry a code and a readable date: a delivery date must not be guessed.
  const rawEvents = shipment.event ?? [];
  if (!Array.isArray(rawEvents)) return unreadable();
  const events: ReadEvent[] = [];
  for (const [index, raw] of rawEvents.entries()) {
    if (!isObject(raw)) return unreadable();
    const code = text(raw.code).toUpperCase();
    const ms = parseLaposteDate(raw.date);
    if (!/^[A-Z0-9]{2,4}$/.test(code) || ms === null) return unreadable();
    // Shown to the customer and kept on the order: cleaned and bounded (carrier-text.ts).
    const label =
      (lang === "fr_FR" ? carrierText(raw.label, CARRIER_TEXT_MAX.trackingEvent) : "") ||
      trackingCodeLabel(code);
    const order = typeof raw.order === "number" && Number.isFinite(raw.order) ? raw.order : null;
    events.push({ code, label, at: new Date(ms).toISOString(), ms, order, index });
  }
  events.sort(
    (a, b) =>
      a.ms - b.ms || (a.order !== null && b.order !== null ? a.order - b.order : 0) || b.index - a.index,
  );

  const delivery = events.find((event) => isDeliveredCode(event.code));
  const isFinal = shipment.isFinal === true;
  const estimate = parseLaposteDate(shipment.estimDate);
  return {
    ok: true,
    parcelNumber,
    events: events.slice(-MAX_TRACKING_EVENTS).map(({ code, label, at }) => ({ code, label, at })),
    delivered: delivery ? { at: delivery.at } : null,
    returned: events.some((event) => isReturnedCode(event.code)),
    isFinal,
    estimated: estimate !== null && !delivery && !isFinal ? parisDay(new Date(estimate)) : null,
  };
}

/**
 * Reads La Poste's answer to one tracking request. `delivered` comes from the events (DI1/DI0), not from
 * `deliveryDate` nor `isFinal`: those also describe a parcel delivered back to the shop (DI2).
 */
export function parseTrackingResponse(status: number, body: unknown, idShip?: string): TrackingResult {
  if (status === 400) return failure("invalid", invalidMessage(body));
  if (status === 401) return failure("bad_key", MESSAGES.badKey);
  if (status === 403) return failure("bad_key", MESSAGES.forbidden);
  if (status === 404) return failure("unknown_parcel", MESSAGES.unknownParcel);
  if (status === 429) return failure("unavailable", MESSAGES.tooManyCalls);
  if (status >= 500)
    return failure(
      "unavailable",
      `Le service de suivi de La Poste ne répond pas (HTTP ${status}) : réessayez plus tard.`,
    );
  if (status !== 200 && status !== 207) return unreadable();

  const item = pickItem(body, idShip);
  if (!item) return unreadable();
  const returnCode = returnCodeOf(item);
  if (returnCode !== null && (returnCode < 200 || returnCode > 299)) return itemFailure(returnCode, item);
  return readShipment(item, idShip, text(item.lang) || "fr_FR");
}

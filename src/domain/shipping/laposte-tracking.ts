/**
 * La Poste's tracking API, « Suivi » v2: the request for one parcel
 * (`GET https://api.laposte.fr/suivi/v2/idships/{idShip}?lang=fr_FR`, headers `X-Okapi-Key` and
 * `Accept: application/json`) and the reading of its answer: the parcel's events oldest first, whether and when it
 * was delivered to the addressee, whether it is going (or went) back to the shop. Pure: no I/O.
 *
 * Documents this module follows:
 * - La Poste's developer portal, « Suivi v2 » (catalogue entry and its OpenAPI « Swagger SUIVI », version
 *   Suivi-1.0.0, server https://api.laposte.fr/suivi/v2): https://developer.laposte.fr/catalog-apis/suivi@2
 *   (formerly https://developer.laposte.fr/products/suivi/2). The OpenAPI as republished at
 *   https://raw.githubusercontent.com/api-evangelist/la-poste-groupe/refs/heads/main/openapi/la-poste-groupe-suivi-openapi.json
 *   (repository api-evangelist/la-poste-groupe, `openapi/_original/la-poste-groupe-suivi-openapi.json`), with the
 *   portal's published quota (10 calls a second) in `overlays/la-poste-groupe-suivi-overlay.yaml`: fields, the
 *   date format « aaaa-mm-jjThh:mn:ss+hh:mn », events « into anti chronological order », 1 to 10 comma-separated ids,
 *   HTTP 200 / 207 / 400 / 401 / 404 and their example bodies (`returnCode`, `returnMessage`, `idShip`).
 * - The table of event codes (code, label, timeline step 1 to 5) as La Poste's documentation gives it, copied by
 *   public clients: https://github.com/e-amzallag/laposte-suivi-api (`LPCodeEvenement.java`),
 *   https://github.com/rigwild/suivi-poste (`index.ts`), and a copy of the portal's list that also holds DR2, DI0,
 *   DI3 and ID0 (README of a PHP exercise found by search, « Suivi états de livraison »).
 * - `estimDate`, the estimated delivery: a field of the shipment in the recorded answers below (debuss's 200.json,
 *   karrio's delivered parcel) and in public clients' models of it, always written with its offset.
 * - Recorded answers: https://github.com/debuss/lapostesuivi (`tests/Mock/200.json` … `504.json`, and
 *   `AppV1Decorator.php`: DI1 and DI2 « LIVRE », RE1 « RETOUR_DESTINATAIRE », AG1 « A_RETIRER »),
 *   https://github.com/karrioapi/karrio (`modules/connectors/laposte`: `tests/laposte/test_tracking.py`, a delivered
 *   parcel and a 400, `SPECS.md`), DigitalGenius's « Colissimo / La Poste Track & Trace » page
 *   (https://docs.digitalgenius.com/docs/colissimo-la-poste-track-trace: events carry `order`, 100 the newest).
 */

import { parisDay } from "../paris-time";
import { CARRIER_TEXT_MAX, carrierText, MAX_TRACKING_EVENTS } from "./carrier-text";

/** The path (and query) of one parcel's tracking, below https://api.laposte.fr (or a double's base address). */
export const TRACKING_PATH = (idShip: string): string =>
  `/suivi/v2/idships/${encodeURIComponent(idShip)}?lang=fr_FR`;

/** The headers La Poste requires: the application's Okapi key, and JSON (« xml is deprecated »). */
export const trackingRequestHeaders = (apiKey: string): Record<string, string> => ({
  "X-Okapi-Key": apiKey,
  Accept: "application/json",
});

/** What an identifier must look like for La Poste: « composed from 11 to 15 alphanumeric characters ». */
export const TRACKING_ID_PATTERN = /^[A-Za-z0-9]{11,15}$/;

/** A step of La Poste's 5-step timeline: 1 announced, 2 taken over, 3 on its way, 4 about to be delivered, 5 done. */
export type TrackingStep = 1 | 2 | 3 | 4 | 5;

/**
 * The event codes La Poste documents, with its short French label and the timeline step it belongs to. The 19 codes
 * from DR1 to DI2 come from La Poste's table (two independent copies agree, steps included); DR2, DI0, DI3 and ID0
 * appear in one later copy of the portal's list only, without their step (the step given here is inferred).
 */
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

/** La Poste's short French label for a code, or a neutral one for a code this table does not know. */
export function trackingCodeLabel(code: string): string {
  return TRACKING_CODES[code]?.label ?? `Événement La Poste ${code}`;
}

/**
 * Whether `code` means « delivered to the addressee »: DI1 (« Distribué »: at home, in the letter box, or handed over
 * at the pick-up point; a parcel waiting there is AG1, not delivered) and DI0 (« Distribué en lot », delivered with
 * others). DI2 is « Distribué à l'expéditeur », the parcel back at the shop: not a delivery to the customer.
 */
export function isDeliveredCode(code: string): boolean {
  return code === "DI1" || code === "DI0";
}

/** Whether `code` means the parcel is going back to the sender (RE1) or was delivered back to it (DI2). */
export function isReturnedCode(code: string): boolean {
  return code === "RE1" || code === "DI2";
}

export interface TrackingEvent {
  /** La Poste's event code (DR1, PC1, …, DI1). */
  code: string;
  /** The event's text as La Poste gives it in French, or this module's label when La Poste gives none. */
  label: string;
  /** When it happened, ISO 8601 in UTC. */
  at: string;
}

export type TrackingFailureKind = "unknown_parcel" | "bad_key" | "invalid" | "unavailable";

export type TrackingResult =
  | {
      ok: true;
      /** The parcel number La Poste answered for (`shipment.idShip`). */
      parcelNumber: string;
      /** Oldest first. */
      events: TrackingEvent[];
      /** Delivered to the addressee: the date of the first delivery event (DI1 or DI0), else null. */
      delivered: { at: string } | null;
      /** On its way back to the sender (RE1) or delivered back to it (DI2). */
      returned: boolean;
      /** La Poste's `isFinal`: the tracking will not move any more (delivered, to the addressee or back). */
      isFinal: boolean;
      /**
       * La Poste's estimated delivery (`estimDate`) as a Paris day ("2026-07-23"), while the parcel is on its way;
       * null when it gives none, or none that can be read, or once the tracking is final.
       */
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

/**
 * A La Poste date (« aaaa-mm-jjThh:mn:ss+hh:mn », or with Z) as milliseconds since the epoch, or null. A date
 * without its offset is refused: its hour would be read in the server's time zone, not La Poste's.
 */
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

/** La Poste's `returnCode`, as a number (the examples give numbers; a numeric string is read the same). */
function returnCodeOf(body: Json): number | null {
  const code = body.returnCode;
  if (typeof code === "number" && Number.isInteger(code)) return code;
  if (typeof code === "string" && /^\d{3}$/.test(code.trim())) return Number(code);
  return null;
}

/** The owner's sentence for a 400, with La Poste's own (French) words when it gives them. */
function invalidMessage(body: unknown): string {
  const said = isObject(body) ? carrierText(body.returnMessage, CARRIER_TEXT_MAX.message) : "";
  return said ? `${MESSAGES.invalid} (La Poste : « ${said} »)` : MESSAGES.invalid;
}

/** One per-parcel answer (the whole body of a 200, or one item of a 207) that is not a success. */
function itemFailure(returnCode: number | null, body: Json): TrackingResult {
  if (returnCode === 400) return failure("invalid", invalidMessage(body));
  if (returnCode === 401) return failure("bad_key", MESSAGES.badKey);
  // The OpenAPI's 404 example carries returnCode 104 (« Votre suivi n'est pas encore disponible »); 101, 105 and 109
  // are listed beside it without a meaning: all are read as « not known (yet) ».
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

/** The answer for `idShip` in a body that is one answer or a list of them (the OpenAPI's 200 is an array). */
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

/** The shipment of a success answer, read strictly where the shop relies on it and tolerantly elsewhere. */
function readShipment(item: Json, idShip: string | undefined, lang: string): TrackingResult {
  const shipment = item.shipment;
  if (!isObject(shipment)) return unreadable();
  const parcelNumber = text(shipment.idShip);
  if (!TRACKING_ID_PATTERN.test(parcelNumber)) return unreadable();
  if (idShip && parcelNumber.toUpperCase() !== idShip.toUpperCase())
    return failure("unavailable", MESSAGES.otherParcel);

  // `event` may be missing (nothing happened yet); when it is there, every event must carry a code and a date the
  // module can read: a delivery whose date cannot be read must not be guessed.
  const rawEvents = shipment.event ?? [];
  if (!Array.isArray(rawEvents)) return unreadable();
  const events: ReadEvent[] = [];
  for (const [index, raw] of rawEvents.entries()) {
    if (!isObject(raw)) return unreadable();
    const code = text(raw.code).toUpperCase();
    const ms = parseLaposteDate(raw.date);
    if (!/^[A-Z0-9]{2,4}$/.test(code) || ms === null) return unreadable();
    // The labels come in the language asked for; should another come back, the module's French label stands in. They
    // are shown to the customer and kept on the order: cleaned and bounded (carrier-text.ts).
    const label =
      (lang === "fr_FR" ? carrierText(raw.label, CARRIER_TEXT_MAX.trackingEvent) : "") ||
      trackingCodeLabel(code);
    const order = typeof raw.order === "number" && Number.isFinite(raw.order) ? raw.order : null;
    events.push({ code, label, at: new Date(ms).toISOString(), ms, order, index });
  }
  // La Poste lists the newest first (`order` 100 for the newest, then 99…); the shop keeps the oldest first.
  events.sort(
    (a, b) =>
      a.ms - b.ms || (a.order !== null && b.order !== null ? a.order - b.order : 0) || b.index - a.index,
  );

  const delivery = events.find((event) => isDeliveredCode(event.code));
  const isFinal = shipment.isFinal === true;
  // Recorded answers give a midnight in Paris with its offset (« 2026-07-23T02:00:00+02:00 »): its Paris day.
  const estimate = parseLaposteDate(shipment.estimDate);
  return {
    ok: true,
    parcelNumber,
    // The newest, should a parcel ever have more than a journey's worth: the order is one item, of bounded size.
    events: events.slice(-MAX_TRACKING_EVENTS).map(({ code, label, at }) => ({ code, label, at })),
    delivered: delivery ? { at: delivery.at } : null,
    returned: events.some((event) => isReturnedCode(event.code)),
    isFinal,
    estimated: estimate !== null && !delivery && !isFinal ? parisDay(new Date(estimate)) : null,
  };
}

/**
 * Reads La Poste's answer to `GET /suivi/v2/idships/{idShip}`: its HTTP status and its body as parsed JSON (or
 * undefined when it was not JSON). `idShip`, when given, is the number asked for: the answer must be about it.
 *
 * - 200 (or 207 for a list): the shipment. Missing optional fields (`isFinal`, `event`, labels, `order`) are
 *   tolerated; a missing `idShip`, an event without code or with a date that is not ISO 8601 with its offset makes the
 *   whole answer « unavailable » rather than a guess.
 * - 400: the number is refused (« invalid »); 401 the key is refused, 403 the application may not call Suivi
 *   (« bad_key »); 404 La Poste does not know the parcel, or not yet (« unknown_parcel »); 429, 5xx, anything else
 *   or an unreadable body: « unavailable », to be retried later.
 *
 * `delivered` is read from the events (DI1 / DI0), not from `deliveryDate` nor `isFinal`: those also describe a
 * parcel delivered back to the shop (DI2).
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

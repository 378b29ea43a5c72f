/**
 * A local stand-in for Colissimo's label web service, SLS `generateLabel` (JSON/REST, version 2.0), served over HTTP
 * so the shop's real client is what the tests exercise. It checks what SLS checks, in SLS's words and ids (the
 * credentials, the product, the deposit date, the weight, the addresses, the mobile and the pick-up point of an
 * « HD » parcel), answers a refusal as SLS does (HTTP 400, a multipart body holding the JSON part alone, messages of
 * type ERROR) and a label as SLS does (HTTP 200, multipart: the JSON part, then the PDF's raw bytes). Every call buys a
 * new label with a new parcel number: SLS has no idempotency, the shop must not call it twice for one parcel.
 *
 * What SLS does and this double follows is described, with its sources, in src/domain/shipping/colissimo-label/request.ts.
 * Made up here, because no public document shows it: the exact order of SLS's checks (the double stops at the first
 * failure, as the recorded answers show one message), the content type's parameters, parcelNumberPartner, the
 * parcel-number prefix of an HD parcel, the status and text for a body that is not JSON (422 from SLS's OpenAPI), and
 * the drawing of the label.
 *
 * The same server answers La Poste's tracking API, « Suivi » v2 (`GET /suivi/v2/idships/{idShip}?lang=fr_FR`, key in
 * `X-Okapi-Key`), for the parcels it sold: a label just bought has its first event only (DR1, at the label's
 * creation), and the test moves the parcel on with `track(parcelNumber, code, at)` (or `POST /__double/track` from
 * another process). Its answers take La Poste's shapes and words as src/domain/shipping/laposte-tracking.ts describes
 * them (200 with `lang`, `scope`, `returnCode`, `shipment`; 401 for a key refused; 400 for a number that is not 11 to
 * 15 letters and digits; 404 with returnCode 104 for a parcel it does not know; 207 for a comma-separated list).
 * Made up here: the timeline's step labels and dates (copied from recorded answers, not computed as La Poste
 * does), the event texts for codes with no recorded text (the code's short label), `deliveryDate` on DI2, the 207
 * items' shapes, and that the key is checked before anything else (as an API gateway would).
 *
 * It also answers La Poste's pick-up points service, « Web service Points de retrait » v2
 * (`POST /pointretrait-ws-cxf/rest/v2/pointretrait/findRDVPointRetraitAcheminement`, JSON both ways), as
 * src/domain/shipping/laposte-pickup.ts describes it: the contract's number and password as SLS takes them, refusals
 * with La Poste's codes and texts in the JSON body of an HTTP 200 (101 and 102 for a missing account or password,
 * 201 for wrong ones, 104 and 125 for a missing postal code or one outside 01XXX–95XXX and 980XX, 105 for a missing
 * city, 117 for a missing country, 120 and 121 for a weight that is not a whole number of grams from 1 to 99999,
 * 106 and 122 for a missing shipping date or one not « JJ/MM/AAAA », 123 for a filterRelay not 0 or 1, 127 for a
 * requestId over 64 characters), and for any French postal code the six points of `pickupPointsFor` (one of them
 * closed for holidays, `congesTotal`, which the shop must not offer; post offices alone when filterRelay is "0").
 * `PICKUP_EMPTY_POSTAL_CODE` (95999) finds none: La Poste's 301 « Pas de point de retrait trouvé ». The test makes
 * the next search fail with HTTP 500 and no JSON through `failNextPickupSearch()` (or
 * `POST /__double/pickup-fail-next`); every body received is in `pickupRequests`. Made up here: the order of the
 * checks (presence of the credentials, the credentials, then the table's order), the answer to a body that is not
 * JSON (400, code 1000), refusing any country but FR with 146, accepting a blank city (" ") and an absent weight,
 * the points themselves (names, addresses, cities by department, coordinates, networks `reseau`, hours, empty
 * `listeConges`), `qualiteReponse` 2 and `wsRequestId` echoing requestId, and answering 301 rather than an empty
 * list for the empty postal code.
 */
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { encodableByAll, pdfText } from "../../functions/platform/adapters/pdf-text";
import { SLS_GENERATE_LABEL_PATH } from "../../src/domain/shipping/colissimo-label/request";
import { PICKUP_ERRORS, PICKUP_SEARCH_PATH } from "../../src/domain/shipping/laposte-pickup";
import {
  isDeliveredCode,
  TRACKING_CODES,
  TRACKING_ID_PATTERN,
  type TrackingStep,
  trackingCodeLabel,
} from "../../src/domain/shipping/laposte-tracking";

/** A label bought from the double. */
export interface ColissimoDoubleLabel {
  /** The JSON body received, as parsed. */
  request: Record<string, unknown>;
  parcelNumber: string;
  /** The label's PDF, as sent in the answer. */
  pdf: Uint8Array;
  /** When it was bought (ISO 8601). */
  at: string;
}

export interface ColissimoDouble {
  /** Base address (http://127.0.0.1:PORT): the service is at url + SLS_GENERATE_LABEL_PATH. */
  url: string;
  contractNumber: string;
  password: string;
  /** Every label bought, in order (a refused call buys none). */
  labels: ColissimoDoubleLabel[];
  /** Every body received by generateLabel, refused or not (what does not parse as JSON is not kept). */
  requests: unknown[];
  /** The next generateLabel call is refused with this message, as SLS would (HTTP 400), whatever it sends. */
  refuseNext(id: string, messageContent: string): void;
  /**
   * The next label sold carries this parcel number instead of one of the contract's range: what a broken or hostile
   * answer would hand the shop. Not SLS's.
   */
  sellNextAs(parcelNumber: string): void;
  /** The Okapi key the tracking API takes (`X-Okapi-Key`); any other gets La Poste's 401. */
  apiKey: string;
  /**
   * Moves a parcel sold by the double on: appends La Poste event `code` (PC1, ET1, MD2, AG1, DI1, RE1, DI2…) at `at`
   * (ISO 8601, now by default), with `label` or La Poste's text for that code. A delivery (DI1, DI0) sets
   * `deliveryDate` and `isFinal`; DI2 (back at the sender) too. Throws for a parcel the double did not sell.
   */
  track(parcelNumber: string, code: string, at?: string, label?: string): void;
  /**
   * Gives a parcel La Poste's estimated delivery, `estimDate`, for `day` ("2026-07-23"), written as a recorded answer
   * shows it: that day's midnight UTC in Paris time with its offset (« 2026-07-23T02:00:00+02:00 »). Until then it
   * has none; a final parcel shows none.
   */
  estimate(parcelNumber: string, day: string): void;
  /** Every tracking call received, in order: the number asked (as in the path) and whether the key was right. */
  trackingCalls: { idShip: string; keyAccepted: boolean }[];
  /** Every body received by the pick-up point search, refused or not (what does not parse as JSON is not kept). */
  pickupRequests: unknown[];
  /** The next pick-up point search fails with HTTP 500 and no JSON, whatever it sends (each call queues one). */
  failNextPickupSearch(): void;
  /** The next successful pick-up point search answers what `change` makes of its points (each call queues one). */
  alterNextPickupPoints(change: (points: LaPostePickupPoint[]) => LaPostePickupPoint[]): void;
  close(): Promise<void>;
}

interface Refusal {
  id: string;
  messageContent: string;
}

/** SLS's messages for what the double checks, word for word as its error table gives them. */
const SLS_ERRORS = {
  "30000": "Identifiant ou mot de passe incorrect",
  "30002": "La date de dépôt est antérieure à la date courante",
  "30010": "La date n'a pas été transmise",
  "30014": "Le code produit n'a pas été transmis",
  "30015": "Le code produit est incorrect",
  "30018": "Le nom commercial n'a pas été transmis",
  "30025": "Le type d'impression n'a pas été transmis",
  "30026": "Le type d'impression est incorrect",
  "30046": "L'email de l'expéditeur est incorrect",
  "30065": "Le nom de l'expéditeur n'a pas été transmis",
  "30085": "Le numéro de téléphone fixe de l'expéditeur est incorrect",
  "30090": "La taille du paramètre AddresseeParcelRef est nulle ou supérieure à 15",
  "30100": "Le numéro / libellé de voie de l'expéditeur n'a pas été transmis",
  "30102": "Le code pays de l'expéditeur n'a pas été transmis",
  "30103": "Le code pays de l'expéditeur est incorrect",
  "30104": "La ville de l'expéditeur n'a pas été transmise",
  "30106": "Le code postal de l'expéditeur n'a pas été transmis",
  "30107": "Le code postal de l'expéditeur est incorrect",
  "30200": "Le nom du destinataire n'a pas été transmis",
  "30202": "Le prénom du destinataire n'a pas été transmis",
  "30204": "Le numéro / libellé de voie du destinataire n'a pas été transmis",
  "30206": "Le code pays du destinataire n'a pas été transmis",
  "30207": "Le code pays du destinataire est incorrect",
  "30208": "La ville du destinataire n'a pas été transmise",
  "30210": "Le code postal du destinataire n'a pas été transmis",
  "30211": "Le code postal du destinataire est incorrect",
  "30220": "Le numéro de portable du destinataire n'a pas été transmis",
  "30221": "Le numéro de portable du destinataire est incorrect",
  "30222": "Le courriel du destinataire n'a pas été transmis",
  "30223": "Le courriel du destinataire est incorrect",
  "30300": "Le poids du colis n'a pas été transmis",
  "30301": "Le poids du colis est incorrect",
  "30400": "Le code point de retrait n'a pas été transmis",
  "30401": "Le code point de retrait est incorrect",
} as const;
type SlsErrorId = keyof typeof SLS_ERRORS;
const refusal = (id: SlsErrorId): Refusal => ({ id, messageContent: SLS_ERRORS[id] });

/** The PDF formats the double draws (SLS also prints ZPL and DPL; the shop asks for neither). */
const PAGE_SIZES: Record<string, [number, number]> = {
  PDF_10x15_300dpi: [(100 / 25.4) * 72, (150 / 25.4) * 72],
  PDF_A4_300dpi: PageSizes.A4,
};

/**
 * The codes SLS documents today for the shop's three deliveries, and the two letters their parcel numbers begin with
 * (DOM 6A and DOS 6C, as ekyna/Colissimo maps them; HD 6M, the prefix A2P parcels had, unverified). The older
 * pick-up point codes (A2P, BPR) are refused as unknown: the double holds the shop to the current contract.
 */
const PRODUCTS: Record<string, string> = { DOM: "6A", DOS: "6C", HD: "6M" };

type Json = Record<string, unknown>;
const object = (value: unknown): Json =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/** Today in Paris, YYYY-MM-DD: the day SLS compares the deposit date with. */
export function parisToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(now);
}

/**
 * Colissimo's check digit (the 13th character): the 10 digits after the two letters weighted 3 and 1 from the right,
 * as EAN codes are. Inferred from published parcel numbers (6A15984040331, 6A15786594858), which it matches.
 */
export function parcelNumberCheckDigit(tenDigits: string): number {
  const sum = [...tenDigits]
    .reverse()
    .reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** What SLS takes as a postal code, by country (France and Monaco 5 digits, its neighbours 4). */
const ZIP_CODES: Record<string, RegExp> = {
  FR: /^\d{5}$/,
  MC: /^980\d{2}$/,
  BE: /^\d{4}$/,
  LU: /^\d{4}$/,
  CH: /^\d{4}$/,
};
const zipOk = (zip: string, country: string) => (ZIP_CODES[country] ?? /^[A-Za-z0-9 -]{2,10}$/).test(zip);
/** SLS's « Texte@Texte.Texte », 5 to 80 characters. */
const emailOk = (email: string) =>
  email.length >= 5 && email.length <= 80 && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email);

/**
 * A mobile SLS takes: 15 characters at most; for France 06 or 07 and 8 digits, nationally or after +33 (La Poste's
 * plugins send either); for Belgium exactly +324 and 8 digits. SLS also refuses digits that follow each other
 * (« 123456789 »): like La Poste's plugin, the last 8 digits may not climb, fall or repeat one by one.
 */
function mobileOk(mobile: string, country: string): boolean {
  if (mobile.length > 15 || !/^\+?\d+$/.test(mobile)) return false;
  if (country === "FR" && !/^(?:0|\+33)[67]\d{8}$/.test(mobile)) return false;
  if (country === "BE" && !/^\+324\d{8}$/.test(mobile)) return false;
  const last = [...mobile.slice(-8)].map(Number);
  const steps = new Set(last.slice(1).map((digit, i) => digit - (last[i] ?? 0)));
  return !(steps.size === 1 && [1, -1, 0].includes([...steps][0] ?? 2));
}

/** SLS's checks on a generateLabel body, block by block as its error table runs; the first failure, or null. */
function check(body: Json, contractNumber: string, password: string, today: string): Refusal | null {
  if (text(body.contractNumber) !== contractNumber || body.password !== password) return refusal("30000");
  const printing = text(object(body.outputFormat).outputPrintingType);
  if (!printing) return refusal("30025");
  if (!PAGE_SIZES[printing]) return refusal("30026");

  const letter = object(body.letter);
  const service = object(letter.service);
  const product = text(service.productCode);
  if (!product) return refusal("30014");
  if (!PRODUCTS[product]) return refusal("30015");
  const outOfHome = product === "HD";
  const deposit = text(service.depositDate).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(deposit) || Number.isNaN(Date.parse(deposit))) return refusal("30010");
  if (deposit < today) return refusal("30002");
  if (outOfHome && !text(service.commercialName)) return refusal("30018");

  const parcel = object(letter.parcel);
  if (parcel.weight === undefined || parcel.weight === null || parcel.weight === "") return refusal("30300");
  // Kilograms, 0.01 to 30, at most 2 decimals (SLS's OpenAPI); the plugins send a number or a numeric string.
  const weight = Number(parcel.weight);
  const hundredths = weight * 100;
  if (
    !Number.isFinite(weight) ||
    weight < 0.01 ||
    weight > 30 ||
    Math.abs(hundredths - Math.round(hundredths)) > 1e-6
  )
    return refusal("30301");
  const pickup = text(parcel.pickupLocationId);
  if (outOfHome && !pickup) return refusal("30400");
  // Six digits for an HD parcel; none at all for a home delivery (« doit être vide si DOM ou DOS »).
  if (pickup && (!outOfHome || !/^\d{6}$/.test(pickup))) return refusal("30401");

  const sender = object(letter.sender);
  const from = object(sender.address);
  const fromCountry = text(from.countryCode);
  if (!text(from.companyName) && !text(from.lastName)) return refusal("30065");
  if (!text(from.line2)) return refusal("30100");
  if (!fromCountry) return refusal("30102");
  if (!/^[A-Z]{2}$/.test(fromCountry)) return refusal("30103");
  if (!text(from.city)) return refusal("30104");
  if (!text(from.zipCode)) return refusal("30106");
  if (!zipOk(text(from.zipCode), fromCountry)) return refusal("30107");
  if (text(from.email) && !emailOk(text(from.email))) return refusal("30046");
  if (text(from.phoneNumber) && !/^\+?\d{9,11}$/.test(text(from.phoneNumber))) return refusal("30085");

  const addressee = object(letter.addressee);
  const to = object(addressee.address);
  const toCountry = text(to.countryCode);
  const reference = addressee.addresseeParcelRef;
  if (reference !== undefined && (text(reference).length === 0 || text(reference).length > 15))
    return refusal("30090");
  if (!text(to.lastName)) return refusal("30200");
  if (outOfHome && !text(to.firstName)) return refusal("30202");
  if (!text(to.line2)) return refusal("30204");
  if (!toCountry) return refusal("30206");
  if (!/^[A-Z]{2}$/.test(toCountry)) return refusal("30207");
  if (!text(to.city)) return refusal("30208");
  if (!text(to.zipCode)) return refusal("30210");
  if (!zipOk(text(to.zipCode), toCountry)) return refusal("30211");
  const mobile = text(to.mobileNumber);
  if (outOfHome && !mobile) return refusal("30220");
  if (mobile && !mobileOk(mobile, toCountry)) return refusal("30221");
  const email = text(to.email);
  if (outOfHome && !email) return refusal("30222");
  if (email && !emailOk(email)) return refusal("30223");
  return null;
}

const encoder = new TextEncoder();

/** SLS's multipart body: each part's headers, an empty line, its bytes; CRLF line ends; the closing delimiter. */
function multipart(
  boundary: string,
  parts: { headers: string[]; content: Uint8Array }[],
): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    chunks.push(encoder.encode(`--${boundary}\r\n${part.headers.join("\r\n")}\r\n\r\n`), part.content);
    chunks.push(encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return body;
}

/** An answer as SLS sends it: `jsonInfos` first, then the label when there is one. */
function slsAnswer(status: 200 | 400, jsonInfos: unknown, label?: Uint8Array): Response {
  const boundary = `uuid:${randomUUID()}`;
  const parts: { headers: string[]; content: Uint8Array }[] = [
    {
      headers: [
        "Content-Type: application/json;charset=UTF-8",
        "Content-Transfer-Encoding: binary",
        "Content-ID: <jsonInfos>",
      ],
      content: encoder.encode(JSON.stringify(jsonInfos)),
    },
  ];
  if (label)
    parts.push({
      headers: [
        "Content-Type: application/octet-stream",
        "Content-Transfer-Encoding: binary",
        "Content-ID: <label>",
      ],
      content: label,
    });
  return new Response(multipart(boundary, parts), {
    status,
    headers: {
      "content-type": `multipart/mixed; boundary="${boundary}"; type="application/json"; start="<jsonInfos>"`,
    },
  });
}

/** SLS's refusal: one ERROR message, no label (as karrio's recorded answer for 30000). */
const refused = ({ id, messageContent }: Refusal) =>
  slsAnswer(400, {
    messages: [{ id, type: "ERROR", messageContent }],
    labelXmlV2Reponse: null,
    labelV2Response: null,
  });

interface LabelContent {
  parcelNumber: string;
  product: string;
  deposit: string;
  weight: string;
  reference: string;
  pickup: string;
  from: Json;
  to: Json;
}

/** A label that shows what a real one shows, on the page size asked for (on A4, in its top-left 10 × 15 cm). */
async function labelPdf(format: string, label: LabelContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Colissimo ${label.parcelNumber}`);
  pdf.setProducer("Colissimo SLS double");
  const page = pdf.addPage(PAGE_SIZES[format] ?? PageSizes.A4);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const encodable = encodableByAll([regular, bold]);
  const width = (100 / 25.4) * 72;
  let y = page.getHeight() - 28;
  const line = (value: string, font: PDFFont = regular, size = 9) => {
    page.drawText(pdfText(value, encodable), { x: 14, y, size, font, maxWidth: width - 28 });
    y -= size + 4;
  };
  line("Colissimo", bold, 16);
  line(
    label.product === "HD"
      ? "Point retrait"
      : label.product === "DOS"
        ? "Domicile contre signature"
        : "Domicile",
  );
  y -= 4;
  line("EXPEDITEUR", bold, 7);
  for (const value of [label.from.companyName, label.from.line2, label.from.line3])
    if (text(value)) line(text(value), regular, 8);
  line(`${text(label.from.zipCode)} ${text(label.from.city)}`, regular, 8);
  y -= 6;
  line("DESTINATAIRE", bold, 8);
  line(`${text(label.to.firstName)} ${text(label.to.lastName)}`.trim(), bold, 11);
  for (const value of [label.to.companyName, label.to.line2, label.to.line3])
    if (text(value)) line(text(value));
  line(`${text(label.to.zipCode)} ${text(label.to.city).toUpperCase()}`, bold, 11);
  if (label.pickup) line(`Point retrait n° ${label.pickup}`);
  y -= 6;
  line(`Poids : ${label.weight} kg   Dépôt : ${label.deposit}   Réf. : ${label.reference}`, regular, 7);
  y -= 4;
  barcode(page, label.parcelNumber, 14, y - 48, width - 28, 48);
  y -= 62;
  line(label.parcelNumber.replace(/^(..)(\d{4})(\d{4})(\d{3})$/, "$1 $2 $3 $4"), bold, 12);
  return pdf.save();
}

/** Bars that stand for the parcel number (a look-alike, not a scannable code). */
function barcode(page: PDFPage, value: string, x: number, y: number, width: number, height: number) {
  const bars = [...value].flatMap((char) => {
    const code = char.charCodeAt(0);
    return [1 + (code % 3), 1 + ((code >> 2) % 2), 1 + ((code >> 3) % 3), 1];
  });
  const unit = width / bars.reduce((sum, bar) => sum + bar, 0);
  let at = x;
  bars.forEach((bar, i) => {
    if (i % 2 === 0) page.drawRectangle({ x: at, y, width: bar * unit, height, color: rgb(0, 0, 0) });
    at += bar * unit;
  });
}

/** One event of a parcel's tracking, as the double keeps it. */
interface TrackedEvent {
  code: string;
  label: string;
  /** Milliseconds since the epoch. */
  at: number;
}

interface TrackedParcel {
  /** The addressee's country, La Poste's `contextData.arrivalCountry`. */
  arrivalCountry: string;
  events: TrackedEvent[];
  /** La Poste's `estimDate`, as it writes it; absent until the test gives one. */
  estimDate?: string;
}

/** La Poste's own event texts where a recorded answer shows them (karrio's, debuss/lapostesuivi's). */
const EVENT_TEXTS: Record<string, string> = {
  DR1: "Votre Colissimo va bientôt nous être confié ! Il est en cours de préparation chez votre expéditeur.",
  PC1: "Votre colis a été déposé dans un point postal.",
  ET1: "Votre colis est en transit sur nos plateformes logistiques pour vous être livré le plus rapidement possible.",
  ET2: "Votre colis est prêt à partir de son territoire d’expédition. Il va être remis au transporteur pour son acheminement.",
  ET3: "Votre colis est arrivé dans le pays du destinataire.",
  MD2: "Votre colis est dans le site de livraison qui dessert votre adresse. Nous le préparons pour le mettre en livraison.",
  DI1: "Votre colis est livré.",
};

/** The 5 steps' short labels, as recorded answers show them (debuss/lapostesuivi's 1 to 3, karrio's 4 and 5). */
const TIMELINE_LABELS: Record<TrackingStep, string> = {
  1: "Votre colis est pris en charge",
  2: "Il est en traitement dans notre réseau.",
  3: "Il est en cours de transport vers votre site de livraison",
  4: "Nous préparons votre colis pour sa livraison.",
  5: "Votre colis a été livré",
};

const SUIVI_MESSAGES = {
  invalid:
    "Le numéro que vous avez saisi n’est pas valide. Nous vous invitons à vérifier votre saisie, en particulier le nombre de caractères.",
  unknown:
    "Votre suivi n'est pas encore disponible. Si vous avez déposé votre envoi, les informations de suivi peuvent être affichées avec un délai, veuillez réessayer ultérieurement.",
} as const;

/** A date as La Poste writes it: Paris time to the second, with its offset (« 2023-03-09T09:38:00+01:00 »). */
export function laposteDate(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Paris",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      timeZoneName: "longOffset",
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : String(parts.timeZoneName).slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** Whether an event ends the tracking: a delivery to the addressee, or back at the sender (DI2). */
const isFinalCode = (code: string) => isDeliveredCode(code) || code === "DI2";

/** Suivi's 200 body for a parcel: newest event first, `order` 100 for it and down from there. */
function trackingBody(idShip: string, parcel: TrackedParcel) {
  const events = [...parcel.events].sort((a, b) => a.at - b.at);
  const final = events.find((event) => isFinalCode(event.code));
  const entry = events.find((event) => !event.code.startsWith("DR")) ?? events[0];
  const reached = Math.max(1, ...events.map((event) => TRACKING_CODES[event.code]?.step ?? 3));
  const last = events.at(-1);
  const newestFirst = [...events].reverse();
  return {
    lang: "fr_FR",
    scope: "open",
    returnCode: 200,
    shipment: {
      idShip,
      holder: 4,
      product: "colissimo",
      isFinal: final !== undefined,
      ...(final ? { deliveryDate: laposteDate(final.at) } : {}),
      ...(entry ? { entryDate: laposteDate(entry.at) } : {}),
      timeline: ([1, 2, 3, 4, 5] as const).map((id) => ({
        shortLabel: id <= reached ? TIMELINE_LABELS[id] : "",
        longLabel: "",
        id,
        ...(id === reached && last ? { date: laposteDate(last.at) } : {}),
        country: "",
        status: id <= reached,
        type: 1,
      })),
      event: newestFirst.map((event, i) => ({
        order: 100 - i,
        label: event.label,
        date: laposteDate(event.at),
        code: event.code,
      })),
      contextData: {
        deliveryChoice: { deliveryChoice: 0 },
        originCountry: "FR",
        arrivalCountry: parcel.arrivalCountry,
      },
      ...(parcel.estimDate && !final ? { estimDate: parcel.estimDate } : {}),
      url: `https://www.laposte.fr/outils/suivre-vos-envois?code=${idShip}`,
    },
  };
}

/** A pick-up point as La Poste's findRDVPointRetraitAcheminement lists it (ekyna/Colissimo's field list). */
export interface LaPostePickupPoint {
  identifiant: string;
  nom: string;
  adresse1: string;
  adresse2: string;
  adresse3: string;
  codePostal: string;
  localite: string;
  codePays: string;
  libellePays: string;
  langue: string;
  typeDePoint: string;
  reseau: string;
  distanceEnMetre: number;
  coordGeolocalisationLatitude: string;
  coordGeolocalisationLongitude: string;
  accesPersonneMobiliteReduite: boolean;
  congesTotal: boolean;
  congesPartiel: boolean;
  listeConges: unknown[];
  poidsMaxi: number;
  parking: boolean;
  loanOfHandlingTool: boolean;
  indiceDeLocalisation: string;
  periodeActiviteHoraireDeb: string;
  periodeActiviteHoraireFin: string;
  horairesOuvertureLundi: string;
  horairesOuvertureMardi: string;
  horairesOuvertureMercredi: string;
  horairesOuvertureJeudi: string;
  horairesOuvertureVendredi: string;
  horairesOuvertureSamedi: string;
  horairesOuvertureDimanche: string;
}

/** The postal code the double finds no pick-up point for (in La Poste's range: 125 would answer otherwise). */
export const PICKUP_EMPTY_POSTAL_CODE = "95999";

/** A city per department, upper case as La Poste writes `localite` (made up: any code of the department gets it). */
const PICKUP_CITIES: Record<string, string> = {
  "06": "NICE",
  "13": "MARSEILLE",
  "31": "TOULOUSE",
  "33": "BORDEAUX",
  "34": "MONTPELLIER",
  "35": "RENNES",
  "44": "NANTES",
  "59": "LILLE",
  "67": "STRASBOURG",
  "69": "LYON",
  "75": "PARIS",
  "84": "AVIGNON",
};

/** « MARSEILLE » as a name reads it, « Marseille ». */
const titleCase = (city: string) =>
  city.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, s, l) => s + l.toUpperCase());

/** A day closed, and La Poste's way of writing one slot (the second is « 00:00-00:00 »). */
const CLOSED = "00:00-00:00 00:00-00:00";
const week = (days: [string, string, string, string, string, string, string]) => ({
  horairesOuvertureLundi: days[0],
  horairesOuvertureMardi: days[1],
  horairesOuvertureMercredi: days[2],
  horairesOuvertureJeudi: days[3],
  horairesOuvertureVendredi: days[4],
  horairesOuvertureSamedi: days[5],
  horairesOuvertureDimanche: days[6],
});

/**
 * The points the double answers for a French postal code, nearest first, as La Poste lists them: six, their
 * identifiers the postal code and one digit (La Poste's are 6 characters; these are 6 digits, as SLS wants for an
 * « HD » label). The third is closed for holidays over the period (`congesTotal`): the shop must leave it out. None
 * for PICKUP_EMPTY_POSTAL_CODE. Throws for a code that is not 5 digits.
 */
export function pickupPointsFor(postalCode: string): LaPostePickupPoint[] {
  if (!/^\d{5}$/.test(postalCode)) throw new Error(`Code postal invalide : ${postalCode}`);
  if (postalCode === PICKUP_EMPTY_POSTAL_CODE) return [];
  const monaco = postalCode.startsWith("980");
  const city = monaco ? "MONACO" : (PICKUP_CITIES[postalCode.slice(0, 2)] ?? `COMMUNE ${postalCode}`);
  const seed = Number(postalCode);
  const point = (
    n: number,
    fields: Pick<LaPostePickupPoint, "nom" | "adresse1" | "typeDePoint" | "reseau" | "distanceEnMetre"> &
      Partial<LaPostePickupPoint> &
      ReturnType<typeof week>,
  ): LaPostePickupPoint => ({
    identifiant: `${postalCode}${n}`,
    adresse2: "",
    adresse3: "",
    codePostal: postalCode,
    localite: city,
    codePays: monaco ? "MC" : "FR",
    libellePays: monaco ? "Monaco" : "France",
    langue: "FR",
    coordGeolocalisationLatitude: (43 + (seed % 5000) / 1000 + n / 1000).toFixed(7),
    coordGeolocalisationLongitude: (1 + (seed % 4000) / 1000 + n / 2000).toFixed(7),
    accesPersonneMobiliteReduite: false,
    congesTotal: false,
    congesPartiel: false,
    listeConges: [],
    poidsMaxi: 20,
    parking: false,
    loanOfHandlingTool: false,
    indiceDeLocalisation: "",
    periodeActiviteHoraireDeb: "",
    periodeActiviteHoraireFin: "",
    ...fields,
  });
  return [
    point(1, {
      nom: "Tabac de la Gare",
      adresse1: "12 AVENUE DE LA GARE",
      typeDePoint: "A2P",
      reseau: "R03",
      distanceEnMetre: 180,
      // Closed on Sunday and on Monday morning.
      ...week([
        "00:00-00:00 14:00-19:00",
        "08:30-12:30 14:00-19:00",
        "08:30-12:30 14:00-19:00",
        "08:30-12:30 14:00-19:00",
        "08:30-12:30 14:00-19:00",
        "08:30-12:30 00:00-00:00",
        CLOSED,
      ]),
    }),
    point(2, {
      nom: `Bureau de poste ${titleCase(city)}`,
      adresse1: "1 PLACE DE LA POSTE",
      typeDePoint: "BPR",
      reseau: "R01",
      distanceEnMetre: 420,
      accesPersonneMobiliteReduite: true,
      parking: true,
      poidsMaxi: 30,
      ...week([
        "09:00-12:00 13:30-17:30",
        "09:00-12:00 13:30-17:30",
        "09:00-12:00 13:30-17:30",
        "09:00-12:00 13:30-17:30",
        "09:00-12:00 13:30-17:30",
        "09:00-12:00 00:00-00:00",
        CLOSED,
      ]),
    }),
    point(3, {
      nom: "Épicerie du Marché",
      adresse1: "3 PLACE DU MARCHE",
      typeDePoint: "A2P",
      reseau: "R03",
      distanceEnMetre: 560,
      // On holiday over the whole period: the shop must not offer it.
      congesTotal: true,
      ...week([
        "09:00-12:30 15:00-19:00",
        "09:00-12:30 15:00-19:00",
        "09:00-12:30 15:00-19:00",
        "09:00-12:30 15:00-19:00",
        "09:00-12:30 15:00-19:00",
        "09:00-12:30 15:00-19:00",
        CLOSED,
      ]),
    }),
    point(4, {
      nom: "Consigne Pickup Station Gare",
      adresse1: "12 AVENUE DE LA GARE",
      adresse2: "PARVIS DE LA GARE",
      typeDePoint: "PCS",
      reseau: "R03",
      distanceEnMetre: 730,
      accesPersonneMobiliteReduite: true,
      // One slot a day, every day.
      ...week([
        "06:00-22:00 00:00-00:00",
        "06:00-22:00 00:00-00:00",
        "06:00-22:00 00:00-00:00",
        "06:00-22:00 00:00-00:00",
        "06:00-22:00 00:00-00:00",
        "06:00-22:00 00:00-00:00",
        "06:00-22:00 00:00-00:00",
      ]),
    }),
    point(5, {
      nom: "Presse du Centre",
      adresse1: "48 RUE DE LA REPUBLIQUE",
      adresse2: "CENTRE COMMERCIAL LES ARCADES",
      adresse3: "LOCAL 4",
      typeDePoint: "A2P",
      reseau: "R03",
      distanceEnMetre: 1150,
      // Closed on Monday, open on Saturday afternoon and on Sunday morning.
      ...week([
        CLOSED,
        "07:30-12:30 15:00-19:30",
        "07:30-12:30 15:00-19:30",
        "07:30-12:30 15:00-19:30",
        "07:30-12:30 15:00-19:30",
        "08:00-12:30 14:00-18:30",
        "08:00-12:30 00:00-00:00",
      ]),
    }),
    point(6, {
      nom: "Librairie des Écoles",
      adresse1: "7 RUE DES ECOLES",
      typeDePoint: "A2P",
      reseau: "R03",
      distanceEnMetre: 1780,
      // Partly on holiday: still offered.
      congesPartiel: true,
      ...week([
        CLOSED,
        "10:00-19:00 00:00-00:00",
        "10:00-19:00 00:00-00:00",
        "10:00-19:00 00:00-00:00",
        "10:00-19:00 00:00-00:00",
        "10:00-19:00 00:00-00:00",
        CLOSED,
      ]),
    }),
  ];
}

/** A postal code La Poste searches: « compris entre 01XXX et 95XXX ou 980XX » (its error 125). */
const PICKUP_ZIP = /^(?:0[1-9]|[1-8]\d|9[0-5])\d{3}$|^980\d{2}$/;

/** A shippingDate « JJ/MM/AAAA » that is a day. */
function laposteDayOk(value: string): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return false;
  const [, day = "", month = "", year = ""] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCDate() === Number(day) && date.getUTCMonth() === Number(month) - 1;
}

/** The checks on a findRDVPointRetraitAcheminement body: La Poste's code for the first failure, or null. */
function pickupCheck(body: Json, contractNumber: string, password: string): number | null {
  if (!text(body.accountNumber)) return 101;
  if (typeof body.password !== "string" || body.password === "") return 102;
  if (text(body.accountNumber) !== contractNumber || body.password !== password) return 201;
  const zip = text(body.zipCode);
  if (!zip) return 104;
  if (!PICKUP_ZIP.test(zip)) return 125;
  // A blank city is taken (the shop sends " " when the shopper gave none); a missing one is not.
  if (typeof body.city !== "string" || body.city === "") return 105;
  if (!text(body.countryCode)) return 117;
  if (text(body.countryCode) !== "FR") return 146;
  if (body.weight !== undefined && body.weight !== null && body.weight !== "") {
    if (!/^\d+$/.test(text(body.weight))) return 120;
    const grams = Number(text(body.weight));
    if (grams < 1 || grams > 99_999) return 121;
  }
  if (!text(body.shippingDate)) return 106;
  if (!laposteDayOk(text(body.shippingDate))) return 122;
  if (body.filterRelay !== undefined && !["0", "1", 0, 1, true, false].includes(body.filterRelay as never))
    return 123;
  if (text(body.requestId).length > 64) return 127;
  return null;
}

/** La Poste's answer to a refused search (the shape of a recorded 201: no list, `rdv` false). */
const pickupRefusal = (errorCode: number, wsRequestId = "") => ({
  errorCode,
  errorMessage: PICKUP_ERRORS[errorCode] ?? "",
  qualiteReponse: 0,
  wsRequestId,
  listePointRetraitAcheminement: null,
  rdv: false,
});

/**
 * Starts the double. `port` fixes its port (npm start with LAPOSTE_DOUBLE=1, whose end-to-end tests reach it from
 * another process through its `/__double/*` routes); by default the system picks one.
 */
export async function startColissimoDouble(
  options: { contractNumber?: string; password?: string; apiKey?: string; port?: number } = {},
): Promise<ColissimoDouble> {
  const contractNumber = options.contractNumber ?? String(randomInt(100_000, 1_000_000));
  const password = options.password ?? `Mdp-${randomUUID().slice(0, 8)}`;
  // An Okapi key is 64 characters (the OpenAPI's example; debuss/lapostesuivi checks that length).
  const apiKey = options.apiKey ?? randomBytes(48).toString("base64");
  const tracked = new Map<string, TrackedParcel>();
  const refusals: Refusal[] = [];
  const parcelNumbers: string[] = [];
  const pointChanges: ((points: LaPostePickupPoint[]) => LaPostePickupPoint[])[] = [];
  let pickupFailures = 0;
  // Parcel numbers run on from a random point, as a contract's range does.
  let serial = randomInt(1_000_000_000, 9_000_000_000);
  const state: Omit<ColissimoDouble, "url" | "close"> = {
    contractNumber,
    password,
    labels: [],
    requests: [],
    refuseNext(id, messageContent) {
      refusals.push({ id, messageContent });
    },
    sellNextAs(parcelNumber) {
      parcelNumbers.push(parcelNumber);
    },
    apiKey,
    trackingCalls: [],
    pickupRequests: [],
    failNextPickupSearch() {
      pickupFailures += 1;
    },
    alterNextPickupPoints(change) {
      pointChanges.push(change);
    },
    track(parcelNumber, code, at, label) {
      const parcel = tracked.get(parcelNumber);
      if (!parcel) throw new Error(`Le double n'a pas vendu le colis ${parcelNumber}.`);
      if (!/^[A-Z]{2}\d$/.test(code)) throw new Error(`Code d'événement La Poste invalide : ${code}`);
      const ms = at === undefined ? Date.now() : Date.parse(at);
      if (!Number.isFinite(ms)) throw new Error(`Date invalide : ${at}`);
      parcel.events.push({ code, label: label ?? EVENT_TEXTS[code] ?? trackingCodeLabel(code), at: ms });
    },
    estimate(parcelNumber, day) {
      const parcel = tracked.get(parcelNumber);
      if (!parcel) throw new Error(`Le double n'a pas vendu le colis ${parcelNumber}.`);
      const midnightUtc = Date.parse(`${day}T00:00:00Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isFinite(midnightUtc))
        throw new Error(`Jour invalide : ${day}`);
      parcel.estimDate = laposteDate(midnightUtc);
    },
  };

  const app = new Hono();
  app.post(SLS_GENERATE_LABEL_PATH, async (c) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      // SLS's OpenAPI: « 422 : Le JSON en entrée du service est mal formatté ». Its body is not documented.
      return c.json(
        {
          messages: [
            { id: "422", type: "ERROR", messageContent: "Le JSON en entrée du service est mal formaté" },
          ],
        },
        422,
      );
    }
    state.requests.push(body);
    const request = object(body);
    const problem = refusals.shift() ?? check(request, contractNumber, password, parisToday());
    if (problem) return refused(problem);

    const letter = object(request.letter);
    const service = object(letter.service);
    const to = object(object(letter.addressee).address);
    const product = text(service.productCode);
    const zip5 = text(to.zipCode).padStart(5, "0").slice(0, 5);
    serial += 1;
    const digits = String(serial).padStart(10, "0");
    const parcelNumber =
      parcelNumbers.shift() ?? `${PRODUCTS[product]}${digits}${parcelNumberCheckDigit(digits)}`;
    const pdf = await labelPdf(text(object(request.outputFormat).outputPrintingType), {
      parcelNumber,
      product,
      deposit: text(service.depositDate).slice(0, 10),
      weight: text(object(letter.parcel).weight),
      reference: text(object(letter.sender).senderParcelRef),
      pickup: text(object(letter.parcel).pickupLocationId),
      from: object(object(letter.sender).address),
      to,
    });
    const at = new Date().toISOString();
    state.labels.push({ request, parcelNumber, pdf, at });
    // Suivi knows the parcel from its label on: « déclaratif réceptionné ».
    tracked.set(parcelNumber, {
      arrivalCountry: text(to.countryCode),
      events: [{ code: "DR1", label: EVENT_TEXTS.DR1 ?? trackingCodeLabel("DR1"), at: Date.parse(at) }],
    });
    return slsAnswer(
      200,
      {
        messages: [
          {
            id: "0",
            type: "INFOS",
            messageContent: "La requête a été traitée avec succès",
            replacementValues: [],
          },
        ],
        labelXmlV2Reponse: null,
        labelV2Response: {
          parcelNumber,
          // Its shape copies karrio's recorded one (00, postal code, 11, the parcel number without its key, 801250L).
          parcelNumberPartner: `00${zip5}11${parcelNumber.slice(0, 12)}801250L`,
          pdfUrl: null,
          fields: null,
        },
      },
      pdf,
    );
  });

  // For tests in another process than the shop's (Playwright): what was bought, and a refusal to stage. Not SLS's.
  app.get("/__double/labels", (c) =>
    c.json(
      state.labels.map(({ request, parcelNumber, at }) => ({
        parcelNumber,
        at,
        productCode: text(object(object(request.letter).service).productCode),
        orderNumber: text(object(object(request.letter).service).orderNumber),
      })),
    ),
  );
  app.post("/__double/track", async (c) => {
    const { parcelNumber, code, at, label } = object(await c.req.json().catch(() => null));
    if (!tracked.has(text(parcelNumber))) return c.json({ error: "colis inconnu du double" }, 404);
    try {
      state.track(text(parcelNumber), text(code), text(at) || undefined, text(label) || undefined);
    } catch (error) {
      return c.json({ error: (error as Error).message }, 400);
    }
    return c.body(null, 204);
  });
  app.post("/__double/refuse-next", async (c) => {
    const { id, messageContent } = object(await c.req.json());
    state.refuseNext(text(id), text(messageContent));
    return c.body(null, 204);
  });

  app.post("/__double/pickup-fail-next", (c) => {
    state.failNextPickupSearch();
    return c.body(null, 204);
  });

  // La Poste's pick-up points service: refusals in the body of a 200, as La Poste's plugins read them.
  app.post(PICKUP_SEARCH_PATH, async (c) => {
    let body: unknown;
    let parsed = true;
    try {
      body = JSON.parse(await c.req.text());
      state.pickupRequests.push(body);
    } catch {
      parsed = false;
    }
    if (pickupFailures > 0) {
      pickupFailures -= 1;
      return c.text("Internal Server Error", 500);
    }
    if (!parsed) return c.json(pickupRefusal(1000), 400);
    const request = object(body);
    const requestId = text(request.requestId);
    const code = pickupCheck(request, contractNumber, password);
    if (code !== null) return c.json(pickupRefusal(code, requestId));
    const postOfficesOnly = text(request.filterRelay) === "0" || request.filterRelay === false;
    const found = pickupPointsFor(text(request.zipCode)).filter(
      (point) => !postOfficesOnly || point.typeDePoint === "BPR",
    );
    const points = pointChanges.shift()?.(found) ?? found;
    if (!points.length) return c.json(pickupRefusal(301, requestId));
    return c.json({
      errorCode: 0,
      errorMessage: PICKUP_ERRORS[0],
      qualiteReponse: 2,
      wsRequestId: requestId,
      listePointRetraitAcheminement: points,
      rdv: false,
    });
  });

  // La Poste's Suivi v2. The key first (a refused key learns nothing about the parcels), then each number.
  app.get("/suivi/v2/idships/:idships", (c) => {
    const idships = c.req.param("idships");
    const keyAccepted = c.req.header("X-Okapi-Key") === apiKey;
    state.trackingCalls.push({ idShip: idships, keyAccepted });
    if (!keyAccepted)
      return c.json({ returnCode: 401, returnMessage: "Unauthorized", lang: "fr_FR", scope: "open" }, 401);
    const answer = (idShip: string) => {
      const base = { lang: "fr_FR", scope: "open", idShip };
      if (!TRACKING_ID_PATTERN.test(idShip))
        return {
          status: 400 as const,
          body: { returnCode: 400, returnMessage: SUIVI_MESSAGES.invalid, ...base },
        };
      const parcel = tracked.get(idShip.toUpperCase());
      if (!parcel)
        return {
          status: 404 as const,
          body: { returnCode: 104, returnMessage: SUIVI_MESSAGES.unknown, ...base },
        };
      return { status: 200 as const, body: trackingBody(idShip.toUpperCase(), parcel) };
    };
    const ids = idships.split(",");
    if (ids.length === 1) {
      const { status, body } = answer(idships);
      return c.json(body, status);
    }
    // « ID of object (1 to 10, comma separated) »: a list gets 207 and one answer per number.
    if (ids.length > 10)
      return c.json(
        { returnCode: 400, returnMessage: SUIVI_MESSAGES.invalid, lang: "fr_FR", scope: "open" },
        400,
      );
    return c.json(
      ids.map((id) => answer(id).body),
      207,
    );
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...state,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

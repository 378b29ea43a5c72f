/**
 * Colissimo's label web service, SLS « Simple Label Solution » (issue 31): the JSON body of
 * `POST https://ws.colissimo.fr/sls-ws/SlsServiceWSRest/2.0/generateLabel`, the reading of its multipart answer and the
 * owner's sentence when it refuses. Pure: no I/O, nothing but what runs in Node and on Lambda (Uint8Array,
 * TextDecoder, atob).
 *
 * Documents this module follows:
 * - La Poste Colissimo, « Spécifications du Web Service d'Affranchissement Colissimo » / « Colissimo Shipping Web
 *   Service – Technical document » (spec_ws_affranchissement.pdf),
 *   https://www.colissimo.entreprise.laposte.fr/fr/system/files/imagescontent/docs/spec_ws_affranchissement.pdf
 * - SLS's own OpenAPI description (« SlsServiceWS : documentation »: formats such as AN1…35, required fields, the
 *   HD product code, the multipart answer, the HTTP statuses), as republished at
 *   https://raw.githubusercontent.com/api-evangelist/la-poste/refs/heads/main/openapi/colissimo-shipping-openapi.json
 * - La Poste Colissimo's official plugins: https://github.com/ColissimoPlugin/Colissimo-WordPress
 *   (includes/label/lpc_label_generation_payload.php, includes/lpc_rest_api.php) and
 *   https://github.com/ColissimoPlugin/Magento_2 (Model/Carrier/GenerateLabelPayload.php and its unit test).
 * - Recorded answers and field lengths of public clients: https://github.com/karrioapi/karrio
 *   (modules/connectors/colissimo), https://github.com/ekyna/Colissimo, https://github.com/rem42/scraper-colissimo.
 * - The table of SLS error ids as transcribed by the CDI WooCommerce plugin (Halyra),
 *   https://github.com/common-repository/collect-and-deliver-interface-for-woocommerce
 */

import { CARRIER_TEXT_MAX, carrierText, MAX_REFUSAL_REASONS } from "./carrier-text";
import { isParcelNumber } from "./shipping-labels";

/** Where SLS's JSON/REST `generateLabel` lives, below https://ws.colissimo.fr (or a double's base address). */
export const SLS_GENERATE_LABEL_PATH = "/sls-ws/SlsServiceWSRest/2.0/generateLabel";

/** The PDF label formats the shop offers (SLS also prints ZPL and DPL for thermal printers). */
export type LabelFormat = "PDF_10x15_300dpi" | "PDF_A4_300dpi";

/** Home without signature, home against signature, and a pick-up point (relay, locker or post office). */
export type ColissimoProduct = "DOM" | "DOS" | "A2P";

export const COLISSIMO_PRODUCT_LABELS: Record<ColissimoProduct, string> = {
  DOM: "Colissimo Domicile sans signature",
  DOS: "Colissimo Domicile contre signature",
  A2P: "Colissimo en point retrait",
};

/**
 * The product code SLS is sent. « A2P » is the shop's name for delivery to a pick-up point, and was SLS's code for a
 * Pickup relay or locker (« BPR » for a post office) until 2024; SLS now takes every pick-up point as « HD » (hors
 * domicile): its OpenAPI documents only HD, and La Poste's own plugins switched to it in April-May 2024 (Magento 1.4.0,
 * WooCommerce 2.0.0, both still on the 2.0 endpoint). Sending A2P to a current contract risks a refusal.
 */
export const SLS_PRODUCT_CODES: Record<ColissimoProduct, "DOM" | "DOS" | "HD"> = {
  DOM: "DOM",
  DOS: "DOS",
  A2P: "HD",
};

/**
 * The longest text SLS takes in each field (its « AN1…35 » notation). Free text longer than this is cut here; codes
 * (postal code, country, pick-up point) and addresses that would become wrong once cut (e-mail, phone) are sent whole,
 * so that SLS refuses them with its own message rather than delivering to a mangled address.
 */
export const SLS_MAX_LENGTHS = {
  companyName: 35,
  lastName: 35,
  firstName: 29,
  /** line0 to line3, each. */
  line: 35,
  city: 35,
  email: 80,
  /** service.orderNumber: not printed, kept in Colissimo's systems and tracking files. */
  orderNumber: 30,
  /** service.commercialName, the name in the addressee's e-mails: SLS says « AN », ekyna/Colissimo caps it at 30. */
  commercialName: 30,
  /** sender.senderParcelRef: printed on the label only. */
  senderParcelRef: 17,
  /** addressee.addresseeParcelRef: printed on the label only; SLS refuses more than 15 (error 30090). */
  addresseeParcelRef: 15,
  mobileNumber: 15,
  phoneNumber: 12,
} as const;

export interface LabelInput {
  /** The contract's customer number and its web-service password (SLS's older authentication, still accepted). */
  contractNumber: string;
  password: string;
  format: LabelFormat;
  productCode: ColissimoProduct;
  /** The day the parcel is handed to La Poste, YYYY-MM-DD; SLS refuses a day already past (30002). */
  depositDate: string;
  /** The shop's order number: Colissimo's « réf. client » in tracking, and the reference printed on the label. */
  orderNumber: string;
  /** The shop's name as the addressee's Colissimo e-mails show it (mandatory for a pick-up point). */
  commercialName: string;
  /** The parcel's weight, packaging included. */
  weightGrams: number;
  /** The pick-up point's 6-digit identifier (La Poste's pick-up points service); only for A2P. */
  pickupLocationId?: string;
  sender: {
    companyName: string;
    /** Number and street (« 12 rue des Savonniers »). */
    line: string;
    zipCode: string;
    city: string;
    countryCode: string;
    email?: string;
    /** As the shop stores a phone: E.164, e.g. +33491234567. */
    phone?: string;
  };
  /**
   * The customer. For A2P, SLS prints the pick-up point's own address from pickupLocationId; La Poste's plugins send
   * the point's address here (and its name as companyName), the customer's own address is accepted too.
   */
  addressee: {
    firstName: string;
    lastName: string;
    /** Number and street. */
    line1: string;
    /** The address complement (building, flat, lieu-dit). */
    line2?: string | null;
    zipCode: string;
    city: string;
    countryCode: string;
    /** As the shop stores it: E.164, e.g. +33612345678. */
    phone: string;
    email: string;
  };
}

/** An address block of the request, only the fields the shop fills (SLS prefers an absent field to an empty one). */
export interface SlsAddress {
  companyName?: string;
  lastName?: string;
  firstName?: string;
  /** Number and street: never empty (SLS 30100/30204). */
  line2: string;
  /** « Lieu-dit ou autre mention »: where the complement goes, as La Poste's plugins put it. */
  line3?: string;
  countryCode: string;
  city: string;
  zipCode: string;
  email?: string;
  phoneNumber?: string;
  mobileNumber?: string;
}

/** The JSON body of generateLabel, as the shop sends it. */
export interface SlsLabelRequest {
  contractNumber: string;
  password: string;
  outputFormat: { x: number; y: number; outputPrintingType: LabelFormat };
  letter: {
    service: {
      productCode: "DOM" | "DOS" | "HD";
      depositDate: string;
      orderNumber: string;
      commercialName: string;
    };
    parcel: { weight: number; pickupLocationId?: string };
    sender: { senderParcelRef: string; address: SlsAddress };
    addressee: { addresseeParcelRef: string; address: SlsAddress };
  };
}

/** One line, spaces collapsed (a pasted address may hold line breaks or tabs: each SLS field prints on one line). */
function oneLine(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim();
}

/** The first `max` characters (code points, not UTF-16 units: an emoji counts one), without a trailing space. */
function cut(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max ? value : chars.slice(0, max).join("").trimEnd();
}

/** Countries whose labels do not print line0, line1 or line3 (the WooCommerce plugin: Belgium and Switzerland). */
const NO_LINE3 = new Set(["BE", "CH"]);

/**
 * SLS's address lines from the shop's two: line2 is « numéro et libellé de voie » (at least one character), line3
 * « lieu-dit ou autre mention », where La Poste's plugins put the complement. A street longer than a line without a
 * complement goes on over line3, cut at a space, as the WooCommerce plugin does. Where line3 does not print, the
 * complement follows the street on line2.
 */
export function addressLines(
  street: string,
  complement: string | null | undefined,
  countryCode: string,
): Pick<SlsAddress, "line2" | "line3"> {
  const max = SLS_MAX_LENGTHS.line;
  let line = oneLine(street);
  let extra = oneLine(complement);
  if (extra && NO_LINE3.has(countryCode)) {
    line = `${line} ${extra}`;
    extra = "";
  }
  if (!extra && Array.from(line).length > max) {
    const head = Array.from(line)
      .slice(0, max + 1)
      .join("");
    const space = head.lastIndexOf(" ");
    const split = space > 0 ? space : Array.from(line).slice(0, max).join("").length;
    extra = NO_LINE3.has(countryCode) ? "" : line.slice(split).trim();
    line = line.slice(0, split).trim();
  }
  const line3 = cut(extra, max);
  return { line2: cut(line, max), ...(line3 ? { line3 } : {}) };
}

/**
 * The phone as Colissimo wants it, and in which field. mobileNumber gets SMS notifications and is mandatory for a
 * pick-up point; SLS checks it (15 characters at most, a Belgian one exactly +324 and 8 digits, the prefix of the
 * destination country). For a parcel to France a French mobile goes in national form, 06 or 07 and 8 digits: the form
 * every source agrees on (the CDI plugin converts +33 6… into it, La Poste's plugins accept it). A number that is not
 * a mobile of the destination country goes in phoneNumber (10 to 12 characters): national in France, +33… abroad.
 * Anything else (not a phone, or too long for phoneNumber) is left out: the phone is optional at home.
 */
export function colissimoPhone(
  phone: string | null | undefined,
  countryCode: string,
): Pick<SlsAddress, "mobileNumber" | "phoneNumber"> {
  let number = (phone ?? "").replace(/[\s.\-()/]/g, "");
  if (number.startsWith("00")) number = `+${number.slice(2)}`;
  const french = /^(?:\+33|0)([1-9]\d{8})$/.exec(number)?.[1];
  if (french) {
    if (countryCode !== "FR") return { phoneNumber: `+33${french}` };
    return /^[67]/.test(french) ? { mobileNumber: `0${french}` } : { phoneNumber: `0${french}` };
  }
  if (countryCode === "BE" && /^\+324\d{8}$/.test(number)) return { mobileNumber: number };
  if (/^\+\d{8,11}$/.test(number)) return { phoneNumber: number };
  return {};
}

/**
 * The weight in kg as SLS takes it: at least 0.01, at most 30, no more than 2 decimals. Rounded up to the next 10 g so
 * the parcel is never declared lighter than it is (La Poste's plugins round to the nearest).
 */
export function slsWeightKg(grams: number): number {
  return Math.ceil(grams / 10) / 100;
}

/** The exact JSON body SLS's generateLabel expects for this parcel. */
export function labelRequestBody(input: LabelInput): SlsLabelRequest {
  const { sender, addressee } = input;
  const senderCountry = oneLine(sender.countryCode).toUpperCase();
  const addresseeCountry = oneLine(addressee.countryCode).toUpperCase();
  const orderNumber = oneLine(input.orderNumber);
  const senderEmail = oneLine(sender.email);
  const { phoneNumber, mobileNumber } = colissimoPhone(sender.phone, senderCountry);
  const senderPhone = phoneNumber ?? mobileNumber;
  const pickupLocationId = oneLine(input.pickupLocationId);
  const max = SLS_MAX_LENGTHS;
  return {
    contractNumber: oneLine(input.contractNumber),
    // Sent as typed: a password may begin or end with a space.
    password: input.password,
    // x and y shift the print (in points): required, 0 leaves it where SLS puts it.
    outputFormat: { x: 0, y: 0, outputPrintingType: input.format },
    letter: {
      service: {
        productCode: SLS_PRODUCT_CODES[input.productCode],
        depositDate: oneLine(input.depositDate),
        orderNumber: cut(orderNumber, max.orderNumber),
        commercialName: cut(oneLine(input.commercialName), max.commercialName),
      },
      parcel: {
        weight: slsWeightKg(input.weightGrams),
        // SLS wants it for a pick-up point and refuses it for a home delivery.
        ...(input.productCode === "A2P" && { pickupLocationId }),
      },
      sender: {
        senderParcelRef: cut(orderNumber, max.senderParcelRef),
        address: {
          companyName: cut(oneLine(sender.companyName), max.companyName),
          ...addressLines(sender.line, null, senderCountry),
          countryCode: senderCountry,
          city: cut(oneLine(sender.city), max.city),
          zipCode: oneLine(sender.zipCode),
          ...(senderEmail ? { email: senderEmail } : {}),
          // The shop's phone is no notification number: it goes as phoneNumber, whatever its kind.
          ...(senderPhone ? { phoneNumber: senderPhone } : {}),
        },
      },
      addressee: {
        addresseeParcelRef: cut(orderNumber, max.addresseeParcelRef),
        address: {
          lastName: cut(oneLine(addressee.lastName), max.lastName),
          firstName: cut(oneLine(addressee.firstName), max.firstName),
          ...addressLines(addressee.line1, addressee.line2, addresseeCountry),
          countryCode: addresseeCountry,
          city: cut(oneLine(addressee.city), max.city),
          zipCode: oneLine(addressee.zipCode),
          ...colissimoPhone(addressee.phone, addresseeCountry),
          email: oneLine(addressee.email),
        },
      },
    },
  };
}

/** One message of SLS's answer (its `type`, INFOS or ERROR, decides whether it is a refusal). */
export interface SlsMessage {
  id: string;
  messageContent: string;
}

export type LabelAnswer =
  | { ok: true; parcelNumber: string; pdf: Uint8Array }
  | { ok: false; messages: SlsMessage[] };

/**
 * The id of the message parseLabelResponse makes up when the answer cannot be read (not one of SLS's ids): no label
 * can be taken from it, though SLS may have created one.
 */
export const UNREADABLE_ANSWER_ID = "reponse-illisible";

const unreadable = (why: string): LabelAnswer => ({
  ok: false,
  messages: [{ id: UNREADABLE_ANSWER_ID, messageContent: why }],
});

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
/** Bytes as text, one character per byte (headers and base64 are ASCII); in slices, for a large base64 label. */
function latin1(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return text;
}

/** Where `needle` first occurs in `haystack` from `from`, or -1 (byte by byte: the label is binary). */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  outer: for (let i = Math.max(0, from); i <= last; i++) {
    if (haystack[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** The boundary parameter of a multipart content type (SLS quotes it: `boundary="uuid:…"`), or null. */
function boundaryOf(contentType: string): string | null {
  const match = /boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** The boundary a multipart body opens with (`--uuid:…` on its first line), for an answer without its header. */
function boundaryFromBody(body: Uint8Array): string | null {
  let start = 0;
  while (body[start] === 0x0d || body[start] === 0x0a) start++;
  if (body[start] !== 0x2d || body[start + 1] !== 0x2d) return null;
  let end = start + 2;
  while (end < body.length && end - start < 200 && body[end] !== 0x0d && body[end] !== 0x0a) end++;
  const boundary = latin1(body.subarray(start + 2, end)).trim();
  return boundary || null;
}

interface Part {
  headers: Map<string, string>;
  content: Uint8Array;
}

/** A part: its headers (names in lower case) up to the first empty line, then its content, untouched. */
function readPart(bytes: Uint8Array): Part {
  let headerEnd = indexOf(bytes, ascii("\r\n\r\n"));
  let separator = 4;
  const bare = indexOf(bytes, ascii("\n\n"));
  if (headerEnd < 0 || (bare >= 0 && bare < headerEnd)) [headerEnd, separator] = [bare, 2];
  if (headerEnd < 0) return { headers: new Map(), content: bytes };
  const headers = new Map<string, string>();
  for (const line of latin1(bytes.subarray(0, headerEnd)).split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, content: bytes.subarray(headerEnd + separator) };
}

/** Is the delimiter found at `at` a real one: followed by `--` (the last), a line end, a space or the body's end. */
function delimiterEnds(body: Uint8Array, at: number): boolean {
  const next = body[at];
  return (
    next === undefined || next === 0x2d || next === 0x0d || next === 0x0a || next === 0x20 || next === 0x09
  );
}

/**
 * The parts of a multipart body (RFC 2046), or null when it is not one or stops before its closing delimiter. Each
 * part ends at the line break before the next delimiter, which belongs to the delimiter: a PDF ending in a line
 * break keeps it. CRLF is the rule; bare LFs are accepted too.
 */
function multipartParts(body: Uint8Array, boundary: string): Part[] | null {
  const delimiter = ascii(`--${boundary}`);
  let at = indexOf(body, delimiter);
  while (at >= 0 && !delimiterEnds(body, at + delimiter.length)) at = indexOf(body, delimiter, at + 1);
  if (at < 0) return null;
  const parts: Part[] = [];
  for (;;) {
    let cursor = at + delimiter.length;
    if (body[cursor] === 0x2d && body[cursor + 1] === 0x2d) return parts;
    while (body[cursor] === 0x20 || body[cursor] === 0x09) cursor++;
    if (body[cursor] === 0x0d) cursor++;
    if (body[cursor] !== 0x0a) return null;
    cursor++;
    let next = -1;
    let lineBreak = 2;
    for (const [separator, length] of [
      ["\r\n", 2],
      ["\n", 1],
    ] as const) {
      const needle = ascii(`${separator}--${boundary}`);
      let found = indexOf(body, needle, cursor - 1);
      while (found >= 0 && !delimiterEnds(body, found + needle.length))
        found = indexOf(body, needle, found + 1);
      if (found >= 0) {
        [next, lineBreak] = [found, length];
        break;
      }
    }
    if (next < 0) return null;
    parts.push(readPart(body.subarray(cursor, Math.max(cursor, next))));
    at = next + lineBreak;
  }
}

/** A header parameter (`charset=UTF-8`), or null. */
function parameter(header: string | undefined, name: string): string | null {
  const match = new RegExp(`${name}\\s*=\\s*"?([^";\\s]+)`, "i").exec(header ?? "");
  return match?.[1] ?? null;
}

/** The content of a part as sent: base64 decoded when the part says so (SLS sends binary). */
function partBytes(part: Part): Uint8Array | null {
  if (part.headers.get("content-transfer-encoding")?.toLowerCase() !== "base64") return part.content;
  try {
    return Uint8Array.from(atob(latin1(part.content).replace(/\s+/g, "")), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Text in the charset its header names (SLS: UTF-8); an unknown charset reads as UTF-8. */
function decodeText(bytes: Uint8Array, charset: string | null): string {
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asText = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";

/** SLS's `jsonInfos`: its messages, and the parcel number when a label was made. */
function readJsonInfos(text: string): { errors: SlsMessage[]; parcelNumber: string } | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(json)) return null;
  const messages = Array.isArray(json.messages) ? json.messages.filter(isRecord) : [];
  // The texts are the carrier's, kept in logs and shown to the owner: cleaned and bounded (carrier-text.ts), and an id
  // that is not one of SLS's short codes is not repeated.
  const errors = messages
    .filter((message) => asText(message.type).toUpperCase() === "ERROR")
    .slice(0, MAX_REFUSAL_REASONS)
    .map((message) => {
      const id = asText(message.id).trim();
      return {
        id: /^[A-Za-z0-9_-]{1,20}$/.test(id) ? id : "",
        messageContent: carrierText(asText(message.messageContent), CARRIER_TEXT_MAX.refusalReason),
      };
    });
  // labelV2Response on the 2.0 endpoint; the 3.1 one names it labelV31Response.
  const response = json.labelV2Response ?? json.labelV31Response;
  const parcelNumber = isRecord(response) ? asText(response.parcelNumber).trim() : "";
  return { errors, parcelNumber };
}

/**
 * Reads SLS's answer. On success it is multipart (`multipart/mixed; boundary="uuid:…"`): a JSON part (Content-ID
 * `<jsonInfos>`: messages, and labelV2Response.parcelNumber) then the label's raw bytes (Content-ID `<label>`,
 * application/octet-stream, binary). A refusal (HTTP 400) is the JSON part alone, with messages of type ERROR; a plain
 * JSON answer is read the same way. The PDF is returned byte for byte, never decoded as text. An answer that cannot be
 * read gives one message with the id UNREADABLE_ANSWER_ID.
 */
export function parseLabelResponse(body: Uint8Array, contentType: string): LabelAnswer {
  const boundary = boundaryOf(contentType) ?? boundaryFromBody(body);
  let jsonText: string;
  let label: Uint8Array | null = null;
  if (boundary) {
    const parts = multipartParts(body, boundary);
    if (!parts) return unreadable("la réponse de Colissimo est incomplète");
    const contentId = (part: Part) => (part.headers.get("content-id") ?? "").replace(/^<|>$/g, "");
    const jsonPart =
      parts.find((part) => contentId(part) === "jsonInfos") ??
      parts.find((part) => /json/i.test(part.headers.get("content-type") ?? ""));
    const jsonBytes = jsonPart && partBytes(jsonPart);
    if (!jsonPart || !jsonBytes)
      return unreadable("la réponse de Colissimo ne contient pas son compte rendu");
    jsonText = decodeText(jsonBytes, parameter(jsonPart.headers.get("content-type"), "charset"));
    const labelPart = parts.find((part) => contentId(part) === "label");
    label = labelPart ? partBytes(labelPart) : null;
  } else {
    jsonText = decodeText(body, parameter(contentType, "charset"));
  }
  const infos = readJsonInfos(jsonText);
  if (!infos) return unreadable("la réponse de Colissimo n'est pas lisible");
  if (infos.errors.length) return { ok: false, messages: infos.errors };
  if (!infos.parcelNumber) return unreadable("la réponse de Colissimo ne donne pas de numéro de colis");
  // It names the label's file and the customer's tracking: anything but letters and digits is not a parcel number.
  if (!isParcelNumber(infos.parcelNumber))
    return unreadable("le numéro de colis donné par Colissimo n'en est pas un");
  if (!label?.length) return unreadable("la réponse de Colissimo ne contient pas l'étiquette");
  return { ok: true, parcelNumber: infos.parcelNumber, pdf: label.slice() };
}

/**
 * What the owner reads for SLS's most frequent refusals, where its own text does not say what to do. The ids are
 * SLS's (errors of the « Affranchissement » web service); the others keep SLS's text, already in French.
 */
const REASONS: Readonly<Record<string, string>> = {
  "30000": "le numéro de contrat ou le mot de passe Colissimo est refusé, vérifiez-les dans Paramètres",
  "30002": "la date de dépôt est déjà passée",
  "30007": "le compte Colissimo est inactif, contactez votre interlocuteur commercial La Poste",
  "30008":
    "l'affranchissement par web service n'est pas ouvert sur ce contrat, contactez votre interlocuteur La Poste",
  "30009":
    "ce produit Colissimo n'est pas ouvert sur ce contrat, contactez votre interlocuteur commercial La Poste",
  "30700":
    "ce produit Colissimo ne fait pas partie du contrat, contactez votre interlocuteur commercial La Poste",
  "30015": "le produit Colissimo demandé est inconnu",
  "30018": "le nom commercial de la boutique manque",
  "30065": "le nom de la boutique manque",
  "30100": "l'adresse de la boutique (numéro et rue) manque",
  "30104": "la ville de la boutique manque",
  "30106": "le code postal de la boutique manque",
  "30107": "le code postal de la boutique est incorrect",
  "30108": "le code postal de la boutique ne correspond pas à son pays",
  "30046": "l'e-mail de la boutique est incorrect",
  "30047": "le téléphone de la boutique est incorrect",
  "30085": "le téléphone de la boutique est incorrect",
  "30200": "le nom du client manque",
  "30202": "le prénom du client manque (obligatoire pour un point retrait)",
  "30204": "l'adresse du client (numéro et rue) manque",
  "30207": "le pays du client est incorrect",
  "30208": "la ville du client manque",
  "30210": "le code postal du client manque",
  "30211": "le code postal du client est incorrect",
  "30212": "le code postal du client ne correspond pas à son pays",
  "30213": "Colissimo ne livre pas ce code postal avec ce produit",
  "30220": "le numéro de portable du client manque, il est obligatoire pour un point retrait",
  "30221": "le numéro de portable du client est refusé",
  "30222": "l'e-mail du client manque, il est obligatoire pour un point retrait",
  "30223": "l'e-mail du client est refusé",
  "30300": "le poids du colis manque",
  "30301": "le poids du colis est refusé (de 0,01 à 30 kg, ou moins selon le point retrait)",
  "30400": "le point retrait choisi par le client manque",
  "30401": "le point retrait choisi par le client est inconnu de Colissimo",
  "40015": "le service Colissimo est momentanément indisponible, réessayez plus tard",
  "40018": "le service Colissimo est indisponible, réessayez plus tard",
};

/**
 * The owner's sentence for a refused label: « Colissimo a refusé l'étiquette : <raison> (code <id>). », one reason
 * per message. An unreadable answer says so, and to look for the label in the Colissimo account before retrying
 * (SLS may have made it).
 */
export function labelRefusalMessage(messages: readonly SlsMessage[]): string {
  const unreadableAnswer = messages.find((message) => message.id === UNREADABLE_ANSWER_ID);
  if (unreadableAnswer) {
    return (
      `La réponse de Colissimo est illisible (${unreadableAnswer.messageContent}). Vérifiez dans votre espace ` +
      "Colissimo si l'étiquette a été créée avant de réessayer."
    );
  }
  const reasons = messages.map(({ id, messageContent }) => {
    const reason = REASONS[id] ?? (messageContent.trim().replace(/[\s.]+$/, "") || "raison non précisée");
    return id ? `${reason} (code ${id})` : reason;
  });
  if (!reasons.length) return "Colissimo a refusé l'étiquette sans en donner la raison.";
  return `Colissimo a refusé l'étiquette : ${reasons.join(" ; ")}.`;
}

import { CARRIER_TEXT_MAX, carrierText, MAX_REFUSAL_REASONS } from "../carrier-text";
import { isParcelNumber } from "../shipping-labels";
import {
  boundaryFromBody,
  boundaryOf,
  decodeText,
  multipartParts,
  type Part,
  parameter,
  partBytes,
} from "./multipart";

/** Its `type` (INFOS or ERROR) decides whether it is a refusal. */
export interface SlsMessage {
  id: string;
  messageContent: string;
}

export type LabelAnswer =
  | { ok: true; parcelNumber: string; pdf: Uint8Array }
  | { ok: false; messages: SlsMessage[] };

/** Not one of SLS's ids: no label can be taken from such an answer, though SLS may have created one. */
export const UNREADABLE_ANSWER_ID = "reponse-illisible";

const unreadable = (why: string): LabelAnswer => ({
  ok: false,
  messages: [{ id: UNREADABLE_ANSWER_ID, messageContent: why }],
});

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asText = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";

function readJsonInfos(text: string): { errors: SlsMessage[]; parcelNumber: string } | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(json)) return null;
  const messages = Array.isArray(json.messages) ? json.messages.filter(isRecord) : [];
  // Cleaned and bounded (carrier-text.ts); an id that is not one of SLS's short codes is not repeated.
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

/** Multipart on success (`<jsonInfos>` then `<label>`), JSON alone on refusal; the PDF is never decoded as text. */
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

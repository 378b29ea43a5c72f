import { DomainError } from "../../src/domain/errors";
import { labelRefusalMessage } from "../../src/domain/shipping/colissimo-label/refusal-message";
import {
  type LabelInput,
  labelRequestBody,
  SLS_GENERATE_LABEL_PATH,
} from "../../src/domain/shipping/colissimo-label/request";
import { parseLabelResponse, UNREADABLE_ANSWER_ID } from "../../src/domain/shipping/colissimo-label/response";
import {
  LAPOSTE_DEFAULT_URLS,
  type LaposteService,
  laposteBaseUrlProblem,
} from "../../src/domain/shipping/laposte-hosts";

/** Only La Poste's address, unless a double on this machine is allowed: the contract's password goes nowhere else. */
export const COLISSIMO_WS_URL = "COLISSIMO_WS_URL";
export const LAPOSTE_API_URL = "LAPOSTE_API_URL";
const URL_VARIABLES: Record<LaposteService, string> = { colissimo: COLISSIMO_WS_URL, api: LAPOSTE_API_URL };

/** Below the function's 20 s timeout, so a slow Colissimo ends as our French 503, not as a Lambda timeout. */
const TIMEOUT_MS = 15_000;

export function laposteBaseUrl(service: LaposteService, env: NodeJS.ProcessEnv = process.env): string {
  const url = env[URL_VARIABLES[service]]?.trim() || LAPOSTE_DEFAULT_URLS[service];
  const problem = laposteBaseUrlProblem(service, url, env.LAPOSTE_ALLOW_LOOPBACK === "1");
  if (problem) {
    console.error(`La Poste ${service} address refused: ${url}`);
    throw new DomainError("CARRIER_UNAVAILABLE", `Colissimo n'est pas joignable : ${problem}`);
  }
  return url.replace(/\/$/, "");
}

export interface BoughtLabel {
  parcelNumber: string;
  pdf: Uint8Array;
}

/** A refusal is a 422 with Colissimo's reason in French; no answer a 503: nothing is recorded either way. */
export async function generateLabel(
  input: LabelInput,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BoughtLabel> {
  const url = `${laposteBaseUrl("colissimo", env)}${SLS_GENERATE_LABEL_PATH}`;
  let response: Response;
  let body: Uint8Array;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "*/*" },
      body: JSON.stringify(labelRequestBody(input)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    body = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    console.error(`Colissimo generateLabel: no answer for order ${input.orderNumber}`, error);
    throw new DomainError("CARRIER_UNAVAILABLE");
  }
  const parsed = parseLabelResponse(body, response.headers.get("content-type") ?? "");
  if (parsed.ok) return { parcelNumber: parsed.parcelNumber, pdf: parsed.pdf };
  // A gateway's error page, an empty body: Colissimo's own refusals always carry their messages.
  if (!parsed.messages.length) {
    console.error(`Colissimo generateLabel: empty answer ${response.status} for order ${input.orderNumber}`);
    throw new DomainError("CARRIER_UNAVAILABLE");
  }
  // An answer that cannot be read may still be a label sold: the owner is told to look before trying again.
  if (parsed.messages[0]?.id === UNREADABLE_ANSWER_ID) {
    console.error(
      `Colissimo generateLabel: unreadable answer ${response.status} for order ${input.orderNumber}: ${parsed.messages[0].messageContent}`,
    );
    throw new DomainError("CARRIER_UNAVAILABLE", labelRefusalMessage(parsed.messages));
  }
  console.warn(`Colissimo refused the label of order ${input.orderNumber}`, parsed.messages);
  throw new DomainError("CARRIER_REFUSED", labelRefusalMessage(parsed.messages));
}

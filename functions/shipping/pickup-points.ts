/** La Poste's pick-up point search, src/domain/shipping/laposte-pickup.ts (docs/decisions/048-pickup-points.md). */
import { randomUUID } from "node:crypto";
import { DomainError } from "../../src/domain/errors";
import { type PickupPoint, pickupMessages } from "../../src/domain/orders/pickup-point";
import { parisDay } from "../../src/domain/paris-time";
import { pickupOffered } from "../../src/domain/settings/colissimo-rules";
import {
  PICKUP_SEARCH_PATH,
  type PickupSearchAnswer,
  parsePickupSearchResponse,
  pickupSearchBody,
} from "../../src/domain/shipping/laposte-pickup";
import { keepPickupPoints } from "../orders/pickup-points";
import type { DataDeps } from "../platform/deps";
import { getSettings } from "../settings/service";
import { laposteBaseUrl } from "./colissimo-client";
import { openColissimoSecret } from "./colissimo-secrets";

/** Short: the shopper is waiting at the checkout, and home delivery is there if La Poste is slow. */
const TIMEOUT_MS = 8_000;

/** The cart is not sent: La Poste leaves out points that take less, and a heavier parcel is checked at its label. */
const SEARCH_WEIGHT_G = 1000;

async function askLaPoste(body: Record<string, string>): Promise<PickupSearchAnswer> {
  const url = `${laposteBaseUrl("colissimo")}${PICKUP_SEARCH_PATH}`;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // La Poste's refusals carry their code in the body whatever the status; a body without one throws.
    return parsePickupSearchResponse(await response.json());
  } catch (error) {
    console.error("La Poste pick-up points: no usable answer", error);
    throw new DomainError("CARRIER_UNAVAILABLE", pickupMessages.searchFailed);
  }
}

/** One that does not open is the owner's to fix: the shopper reads that the search does not answer. */
async function contractPassword(deps: DataDeps, stored: string): Promise<string> {
  try {
    return await openColissimoSecret(deps, "password", stored);
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== "COLISSIMO_NOT_CONFIGURED") throw error;
    throw new DomainError("CARRIER_UNAVAILABLE", pickupMessages.searchFailed);
  }
}

/** A refused contract is logged as an error; the shopper reads that the search does not answer (503). */
export async function searchPickupPoints(
  deps: DataDeps,
  query: { postal_code: string; city?: string },
): Promise<{ points: PickupPoint[] }> {
  const { shipping_colissimo: setting, company_info: company } = await getSettings(deps, [
    "shipping_colissimo",
    "company_info",
  ]);
  if (!pickupOffered(setting, company)) throw new DomainError("PICKUP_NOT_OFFERED");
  const answer = await askLaPoste(
    pickupSearchBody({
      contractNumber: setting.contract_number,
      password: await contractPassword(deps, setting.password),
      postalCode: query.postal_code,
      city: query.city,
      weightGrams: SEARCH_WEIGHT_G,
      shippingDay: parisDay(deps.clock()),
      requestId: randomUUID().replaceAll("-", ""),
    }),
  );
  if (answer.kind === "credentials") {
    // The owner meets the same refusal, in French, when she makes a label with this contract.
    console.error(`La Poste refused the contract for a pick-up point search: ${answer.message}`);
    throw new DomainError("CARRIER_UNAVAILABLE", pickupMessages.searchFailed);
  }
  if (answer.kind === "refused") {
    console.warn(`La Poste refused a pick-up point search (${answer.code}): ${answer.message}`);
    throw new DomainError("VALIDATION", `La Poste n'a pas pu chercher de point relais : ${answer.message}`);
  }
  await keepPickupPoints(deps, answer.points);
  return { points: answer.points };
}

/**
 * Tracking read from La Poste's « Suivi » v2 API: once La Poste says delivered, the order moves
 * to « Livrée » with the carrier's date, from which the withdrawal period and refund deadlines count.
 */
import { DomainError } from "../../src/domain/errors";
import { isColissimo } from "../../src/domain/orders/order-status";
import { parisDay } from "../../src/domain/paris-time";
import { publishedDeliveryEstimate } from "../../src/domain/shipping/delivery-estimate";
import {
  parseTrackingResponse,
  TRACKING_ID_PATTERN,
  TRACKING_PATH,
  type TrackingEvent,
  type TrackingResult,
  trackingRequestHeaders,
} from "../../src/domain/shipping/laposte-tracking";
import {
  parcelRefreshMessage,
  type TrackingCounts,
  trackingRefreshMessages,
  trackingRunMessage,
} from "../../src/domain/shipping/tracking-refresh";
import { changeOrder } from "../orders/changes";
import { moveOrder } from "../orders/lifecycle";
import { getOrder } from "../orders/order-reads";
import { type OrderRecord, ordersInStatus, toOrder } from "../orders/service";
import { limitConcurrency } from "../platform/adapters/concurrency";
import type { DataDeps } from "../platform/deps";
import { getSetting } from "../settings/service";
import { laposteBaseUrl } from "./colissimo-client";
import { openColissimoSecret } from "./colissimo-secrets";

/** Below the job's own timeout, and La Poste answers in well under a second when it is well. */
const TIMEOUT_MS = 10_000;

/** La Poste allows 10 calls a second per key: two at a time keeps far below it. */
const calls = limitConcurrency(2, 60_000);

/** Never throws for La Poste's answer (a failure is a result), only for no answer. */
export async function trackParcel(apiKey: string, parcelNumber: string): Promise<TrackingResult> {
  const url = `${laposteBaseUrl("api")}${TRACKING_PATH(parcelNumber)}`;
  try {
    const response = await fetch(url, {
      headers: trackingRequestHeaders(apiKey),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => null);
    return parseTrackingResponse(response.status, body, parcelNumber);
  } catch (error) {
    console.error(`La Poste tracking: no answer for parcel ${parcelNumber}`, error);
    return { ok: false, kind: "unavailable", message: "Le service de suivi de La Poste ne répond pas." };
  }
}

const sameEvents = (a: readonly TrackingEvent[], b: readonly TrackingEvent[]) =>
  a.length === b.length &&
  a.every((event, index) => event.code === b[index]?.code && event.at === b[index]?.at);

/**
 * gsi2, every order newest first, filtered by status: an artisan's orders are a few pages (see
 * functions/admin/owner-todo.ts for when a sparse index of open orders would be the next step).
 */
async function shippedByColissimo(deps: DataDeps): Promise<OrderRecord[]> {
  const data = await ordersInStatus(deps, "shipped");
  return data.filter(
    (order) =>
      order.status === "shipped" &&
      isColissimo(order.shipping_company) &&
      TRACKING_ID_PATTERN.test(order.tracking_number ?? ""),
  );
}

export type TrackingRun = TrackingCounts;

/** The API function stops at 20 s, and a call started just before may take TIMEOUT_MS. */
const OWNER_REFRESH_BUDGET_MS = 8_000;

/** La Poste's when it gives one; else the one typed or set with the label; else the shop's delay from shipping. */
function estimateOf(order: OrderRecord, carrier: string | null): string | null {
  if (carrier) return carrier;
  if (order.estimated_delivery) return order.estimated_delivery;
  if (!order.shipping_label_key) return null;
  const shipped = [...order.status_history].reverse().find((entry) => entry.status === "shipped");
  return shipped ? publishedDeliveryEstimate(parisDay(new Date(shipped.at))) : null;
}

async function record(deps: DataDeps, order: OrderRecord, result: Extract<TrackingResult, { ok: true }>) {
  const events = result.events;
  if (result.delivered) {
    const deliveredAt = result.delivered.at;
    const { changed } = await moveOrder(deps, order.id, {
      commands: ["deliver"],
      at: () => deliveredAt,
      set: () => ({ tracking_events: events }),
      // Delivered or cancelled by the owner meanwhile: her word stands.
      refused: "ignore",
    });
    return { updated: changed, delivered: changed };
  }
  // Unchanged events are not written: every write moves the version, which would make the owner's open form stale.
  const { changed } = await changeOrder(deps, order.id, (current) => {
    if (current.status !== "shipped") return null;
    const estimate = estimateOf(current, result.estimated);
    const newEstimate = estimate !== null && estimate !== (current.estimated_delivery ?? null);
    if (sameEvents(current.tracking_events ?? [], events) && !newEstimate) return null;
    return { set: { tracking_events: events, ...(newEstimate && { estimated_delivery: estimate }) } };
  });
  return { updated: changed, delivered: false };
}

/**
 * Without La Poste's key it does nothing. A refused key stops the run with a French reason; a parcel La Poste does
 * not know yet is asked again next time; no answer at all fails the run so the problem is seen.
 */
export async function trackParcels(
  deps: DataDeps,
  options: { budgetMs?: number } = {},
): Promise<TrackingRun> {
  const run: TrackingRun = { asked: 0, updated: 0, delivered: 0, failed: 0, left: 0 };
  const setting = await getSetting(deps, "shipping_colissimo");
  if (!setting.api_key) return run;
  const orders = await shippedByColissimo(deps);
  if (!orders.length) return run;
  const apiKey = await openColissimoSecret(deps, "api_key", setting.api_key);
  let refusedKey: string | null = null;
  // Real time, not the shop's clock: the budget is the function's own time.
  const stopAt = options.budgetMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.budgetMs;
  await Promise.all(
    orders.map((order) =>
      calls(async () => {
        if (refusedKey) return;
        if (Date.now() > stopAt) {
          run.left++;
          return;
        }
        run.asked++;
        const result = await trackParcel(apiKey, order.tracking_number ?? "");
        if (!result.ok) {
          if (result.kind === "bad_key") refusedKey = result.message;
          else if (result.kind !== "unknown_parcel") run.failed++;
          return;
        }
        const outcome = await record(deps, order, result);
        if (outcome.updated) run.updated++;
        if (outcome.delivered) run.delivered++;
      }),
    ),
  );
  if (refusedKey) throw new DomainError("COLISSIMO_NOT_CONFIGURED", refusedKey);
  if (run.failed && run.failed === run.asked)
    throw new DomainError(
      "CARRIER_UNAVAILABLE",
      "Le service de suivi de La Poste ne répond pas : suivi reporté.",
    );
  console.info(
    `Suivi La Poste : ${run.asked} colis, ${run.updated} mis à jour, ${run.delivered} livré(s), ${run.failed} sans réponse, ${run.left} laissé(s) au prochain passage.`,
  );
  return run;
}

async function ownerTrackingKey(deps: DataDeps): Promise<string> {
  const setting = await getSetting(deps, "shipping_colissimo");
  if (!setting.api_key) throw new DomainError("COLISSIMO_NOT_CONFIGURED", trackingRefreshMessages.noApiKey);
  return openColissimoSecret(deps, "api_key", setting.api_key);
}

export async function refreshAllParcels(deps: DataDeps): Promise<TrackingRun & { message: string }> {
  await ownerTrackingKey(deps);
  const run = await trackParcels(deps, { budgetMs: OWNER_REFRESH_BUDGET_MS });
  return { ...run, message: trackingRunMessage(run) };
}

/** A refused key is the owner's to fix (409), no answer is a 503, a number La Poste refuses a 422. */
export async function refreshParcel(
  deps: DataDeps,
  orderId: string,
): Promise<{ order: ReturnType<typeof toOrder>; message: string }> {
  const order = await getOrder(deps, orderId);
  if (order.status === "delivered")
    throw new DomainError("ORDER_TRANSITION", trackingRefreshMessages.alreadyDelivered);
  if (
    order.status !== "shipped" ||
    !isColissimo(order.shipping_company) ||
    !TRACKING_ID_PATTERN.test(order.tracking_number ?? "")
  )
    throw new DomainError("ORDER_TRANSITION", trackingRefreshMessages.notTrackable);
  const apiKey = await ownerTrackingKey(deps);
  const result = await calls(() => trackParcel(apiKey, order.tracking_number ?? ""));
  if (!result.ok) {
    if (result.kind === "unknown_parcel") return { order: toOrder(order), message: result.message };
    if (result.kind === "bad_key") throw new DomainError("COLISSIMO_NOT_CONFIGURED", result.message);
    if (result.kind === "invalid") throw new DomainError("CARRIER_REFUSED", result.message);
    throw new DomainError("CARRIER_UNAVAILABLE", result.message);
  }
  const outcome = await record(deps, order, result);
  return {
    order: toOrder(await getOrder(deps, order.id)),
    message: parcelRefreshMessage({ updated: outcome.updated, delivered: outcome.delivered }),
  };
}

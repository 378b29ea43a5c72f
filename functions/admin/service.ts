import * as z from "zod";
import type { AdminOrderUpdate } from "../../src/domain/admin/admin";
import { SECRET_MASK } from "../../src/domain/admin/admin";
import { DomainError } from "../../src/domain/errors";
import { centsToEuros } from "../../src/domain/money";
import { type OrderFilters, orderMatches } from "../../src/domain/orders/admin-orders";
import type { Order } from "../../src/domain/orders/order";
import { lifecycleStateOf, planAdminChange } from "../../src/domain/orders/order-lifecycle";
import { averageOrderCents, parisMonth } from "../../src/domain/orders/order-stats";
import { paypalBaseUrlProblem } from "../../src/domain/payments/paypal-hosts";
import {
  type MaintenanceSetting,
  paypalClientSecretSchema,
  type SettingKey,
  type SettingValue,
  settingKeys,
  settingSchemas,
} from "../../src/domain/settings/settings";
import { listAddresses } from "../accounts/addresses";
import { getUser, toSessionUser } from "../accounts/auth";
import { usersNewestFirst } from "../accounts/service";
import { allProducts } from "../catalog/product-reads";
import { getSuppression, liftSuppression } from "../mail/suppressions";
import type { OrderFields } from "../orders/changes";
import { moveOrder } from "../orders/lifecycle";
import { type OrderRecord, ordersNewestFirst, toOrder } from "../orders/service";
import { sendShippingMail } from "../orders/shipping-mail";
import { refundCancelledCapture } from "../payments/paypal-cancel-refund";
import { paypalLoopbackAllowed } from "../payments/paypal-client";
import { migratePlainPaypalSecret, sealPaypalSecret } from "../payments/paypal-secret";
import { clearPaypalTokens } from "../platform/adapters/paypal/http";
import { isSealed } from "../platform/adapters/secret-box";
import { readStats } from "../platform/db/stats";
import type { DataDeps, Deps } from "../platform/deps";
import { markSiteStale } from "../publishing/publishing";
import { getSetting, putSetting } from "../settings/service";
import { maskedColissimoSetting, saveColissimoSetting } from "../shipping/colissimo-secrets";

export interface Page {
  limit: number;
  cursor?: string;
}

/** From the counters kept on every write: a few reads, no scan. */
export async function adminStats(deps: DataDeps) {
  const month = `month-${parisMonth(deps.clock())}`;
  const [all, thisMonth, products] = await Promise.all([
    readStats(deps, "all"),
    readStats(deps, month),
    allProducts(deps, ["id"]),
  ]);
  return {
    totalUsers: all.users,
    totalProducts: products.length,
    totalOrders: all.orders,
    totalRevenue: centsToEuros(all.revenue_cents),
    ordersThisMonth: thisMonth.orders,
    averageOrderValue: centsToEuros(averageOrderCents(all.revenue_cents, all.paid_orders)),
    pendingOrders: all.pending_orders,
    completedOrders: all.delivered_orders,
  };
}

/** A cursor the API did not give answers 400, not 500. */
async function paged<T>(cursor: string | undefined, query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    if (!cursor || !isBadCursor(error)) throw error;
    throw new DomainError("VALIDATION", undefined, {
      fields: { cursor: "Curseur de pagination invalide : rechargez la liste." },
    });
  }
}

function isBadCursor(error: unknown): boolean {
  for (let link = error, depth = 0; link && depth < 4; depth++) {
    const { name, message } = link as { name?: string; message?: string };
    if (name === "ValidationException" || /cursor|starting key|ExclusiveStartKey/i.test(message ?? ""))
      return true;
    link = (link as { cause?: unknown }).cause;
  }
  return false;
}

export async function listUsers(deps: DataDeps, page: Page) {
  const result = await paged(page.cursor, () => usersNewestFirst(deps, page.limit, page.cursor ?? null));
  return { users: result.data.map(toSessionUser), next_cursor: result.cursor };
}

export async function userDetails(deps: DataDeps, id: string) {
  const user = await getUser(deps, id);
  if (!user) throw new DomainError("NOT_FOUND", "Utilisateur introuvable.");
  const [addresses, mailSuppression] = await Promise.all([
    listAddresses(deps, id),
    getSuppression(deps, user.email),
  ]);
  return { ...toSessionUser(user), addresses, mail_suppression: mailSuppression };
}

/** The owner lets the shop mail an address SES had refused. */
export async function liftUserMailSuppression(deps: DataDeps, id: string): Promise<void> {
  const user = await getUser(deps, id);
  if (!user) throw new DomainError("NOT_FOUND", "Utilisateur introuvable.");
  await liftSuppression(deps, user.email);
}

export async function userSummary(deps: DataDeps, id: string) {
  const user = await getUser(deps, id);
  if (!user) throw new DomainError("NOT_FOUND", "Utilisateur introuvable.");
  return { id: user.id, email: user.email, full_name: user.full_name ?? "" };
}

const ORDERS_CHUNK = 100;
const ORDERS_READ_BUDGET = 1000;

interface OrdersCursor {
  created_at: string;
  id: string;
}

function encodeOrdersCursor(cursor: OrdersCursor): string {
  return Buffer.from(JSON.stringify([cursor.created_at, cursor.id])).toString("base64url");
}

function decodeOrdersCursor(text: string): OrdersCursor {
  try {
    const [created_at, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (typeof created_at === "string" && typeof id === "string" && created_at && id)
      return { created_at, id };
  } catch {
    // Refused below.
  }
  throw new DomainError("VALIDATION", undefined, {
    fields: { cursor: "Curseur de pagination invalide : rechargez la liste." },
  });
}

/**
 * Orders are read newest first in chunks and matched here, at most ORDERS_READ_BUDGET a request: a rare match in a
 * long history comes as a short page with a cursor rather than as a slow answer.
 */
export async function listOrders(deps: DataDeps, query: Page & OrderFilters) {
  let after = query.cursor ? decodeOrdersCursor(query.cursor) : null;
  const orders: Order[] = [];
  let read = 0;
  let more = true;
  while (more && orders.length < query.limit && read < ORDERS_READ_BUDGET) {
    const { data, cursor } = await ordersNewestFirst(deps, after, ORDERS_CHUNK);
    let consumed = 0;
    for (const record of data) {
      consumed++;
      after = { created_at: record.created_at, id: record.id };
      const order = toOrder(record);
      if (orderMatches(order, query)) orders.push(order);
      if (orders.length === query.limit) break;
    }
    read += consumed;
    more = cursor !== null || consumed < data.length;
  }
  return { orders, next_cursor: more && after ? encodeOrdersCursor(after) : null };
}

const blankToUndefined = (value: string | null | undefined) => (value === null ? "" : value);

function shippingFields(update: AdminOrderUpdate, current: OrderRecord): OrderFields {
  const set: OrderFields = {};
  for (const field of [
    "shipping_company",
    "tracking_number",
    "estimated_delivery",
    "shipping_notes",
  ] as const) {
    const value = blankToUndefined(update[field]);
    if (value !== undefined && value !== (current[field] ?? "")) set[field] = value;
  }
  return set;
}

/**
 * The status and payment she chooses become the lifecycle's commands; a move it refuses answers 409 with its reason.
 * Effects that need more than the database are handed in: the shipping mail, PayPal's refund of a paid order.
 */
export async function updateOrder(deps: Deps, id: string, update: AdminOrderUpdate) {
  const { order, refundFailure } = await moveOrder(deps, id, {
    commands: (current) =>
      planAdminChange(lifecycleStateOf(current), {
        ...(update.status && { status: update.status }),
        ...(update.payment_status && { payment_status: update.payment_status }),
      }),
    set: (current) => shippingFields(update, current),
    refused: "throw",
    handlers: { shippingMail: sendShippingMail(deps), refundCapture: refundCancelledCapture(deps) },
  });
  if (refundFailure) throw refundFailure;
  return toOrder(order);
}

const SETTING_LABELS: Record<SettingKey, string> = {
  payment_bank_transfer: "virement bancaire",
  payment_paypal: "PayPal",
  shipping: "livraison",
  company_info: "entreprise",
  maintenance: "maintenance",
  daily_summary: "résumé quotidien",
  bank_transfer_follow_up: "relance des virements",
  shipping_colissimo: "Colissimo",
  reviews: "avis clients",
};

/**
 * Settings no page prints (the daily summary, the transfers' follow-up delays, the review invitation's delay): saving
 * them publishes nothing.
 */
const UNPUBLISHED_SETTINGS: readonly SettingKey[] = ["daily_summary", "bank_transfer_follow_up", "reviews"];

/**
 * The PayPal secret masked: the answer says whether one is set, never what it is. Reading them seals a secret
 * stored in clear (on AWS only this function may seal).
 */
export async function adminSettings(deps: DataDeps) {
  await migratePlainPaypalSecret(deps).catch((error: unknown) =>
    console.error("The PayPal secret stored in clear could not be sealed", error),
  );
  return Promise.all(
    settingKeys.map(async (key) => {
      const value = await getSetting(deps, key);
      if (key === "payment_paypal") {
        const paypal = value as SettingValue<"payment_paypal">;
        return {
          setting_key: key,
          setting_value: { ...paypal, client_secret: paypal.client_secret ? SECRET_MASK : "" },
        };
      }
      if (key === "shipping_colissimo")
        return {
          setting_key: key,
          setting_value: maskedColissimoSetting(value as SettingValue<"shipping_colissimo">, SECRET_MASK),
        };
      return { setting_key: key, setting_value: value };
    }),
  );
}

/** The mask sent back (or no secret) keeps the stored one, sealed now if it was still in clear. */
async function savePaypalSetting(deps: DataDeps, raw: unknown) {
  const input = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const current = await getSetting(deps, "payment_paypal");
  const keep = input.client_secret === undefined || input.client_secret === SECRET_MASK;
  const typed = keep ? "" : z.object({ client_secret: paypalClientSecretSchema }).parse(input).client_secret;
  // A value shaped like a sealed one would be read as sealed, and never open: PayPal's secrets have no colon.
  if (isSealed(typed))
    throw new DomainError("VALIDATION", undefined, {
      fields: { client_secret: "Client Secret invalide : copiez celui du tableau de bord PayPal." },
    });
  const parsed = settingSchemas.payment_paypal.parse({ ...current, ...input, client_secret: "" });
  const problem = paypalBaseUrlProblem(parsed.base_url, paypalLoopbackAllowed());
  if (problem) throw new DomainError("VALIDATION", undefined, { fields: { base_url: problem } });
  const stored = current.client_secret;
  const client_secret = !keep
    ? await sealPaypalSecret(deps, typed)
    : stored && !isSealed(stored)
      ? await sealPaypalSecret(deps, stored)
      : stored;
  await putSetting(deps, "payment_paypal", { ...parsed, client_secret });
  clearPaypalTokens();
  return (await adminSettings(deps)).find((row) => row.setting_key === "payment_paypal");
}

export async function saveSetting(deps: DataDeps, key: SettingKey, raw: unknown) {
  if (key === "payment_paypal") return savePaypalSetting(deps, raw);
  if (key === "shipping_colissimo") {
    await saveColissimoSetting(deps, raw, SECRET_MASK);
    // Whether a pick-up point is offered follows the card: the FAQ and the CGV say so.
    await markSiteStale(deps, `Réglages modifiés : ${SETTING_LABELS[key]}`);
    return (await adminSettings(deps)).find((row) => row.setting_key === key);
  }
  let value = raw as Record<string, unknown>;
  if (key === "maintenance") {
    const input = value as Partial<MaintenanceSetting>;
    const minutes = (input.countdown_hours ?? 0) * 60 + (input.countdown_minutes ?? 0);
    value = {
      ...value,
      ends_at: input.enabled ? new Date(deps.clock().getTime() + minutes * 60_000).toISOString() : null,
    };
  }
  const parsed = settingSchemas[key].parse({ ...(await getSetting(deps, key)), ...value });
  await putSetting(deps, key, parsed as SettingValue<typeof key>);
  // Pages print the company, shipping, bank and maintenance settings (footer, FAQ, CGV, legal mentions…).
  if (!UNPUBLISHED_SETTINGS.includes(key))
    await markSiteStale(deps, `Réglages modifiés : ${SETTING_LABELS[key]}`);
  return (await adminSettings(deps)).find((row) => row.setting_key === key);
}

/** The admin panel's calls (api.md "Admin"), all through the typed API client: same origin, session cookie. */

import type { SessionUser } from "../../../domain/accounts/account";
import type { NewBatch } from "../../../domain/batches/batches";
import type { ProductPayload } from "../../../domain/catalog/admin-products";
import type { ProductView } from "../../../domain/catalog/product-rules";
import type { StockAdjustment } from "../../../domain/catalog/stock";
import type { OrderFilters, OrderUpdatePayload } from "../../../domain/orders/admin-orders";
import type { Order } from "../../../domain/orders/order";
import type { AdminPromo, PromoPayload, PromoUsage } from "../../../domain/promos/admin-promos";
import type { SettingRow } from "../../../domain/settings/admin-settings";
import type { SettingKey } from "../../../domain/settings/settings";
import { type ApiAnswer, api, unwrap } from "../../../lib/api/client";
import { apiUpload } from "../../../lib/api/files";

export type AdminStats = ApiAnswer<"/api/admin/stats">;

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export type UserDetails = ApiAnswer<"/api/admin/users/{id}">;
/** SES refused the customer's address: the shop no longer mails it until the owner lifts it. */
export type MailSuppression = NonNullable<UserDetails["mail_suppression"]>;
export type UserSummary = ApiAnswer<"/api/admin/users/{id}/summary">;

const page = (limit: number, cursor: string | null) => (cursor ? { limit, cursor } : { limit });

export async function checkAdmin(signal?: AbortSignal): Promise<boolean> {
  const { isAdmin } = await unwrap(api.GET("/api/admin/check", { signal }));
  return isAdmin === true;
}

export const fetchStats = (signal?: AbortSignal) => unwrap(api.GET("/api/admin/stats", { signal }));
export const fetchWithdrawals = (signal?: AbortSignal) =>
  unwrap(api.GET("/api/admin/withdrawals", { signal }));

export const fetchTodo = (signal?: AbortSignal) => unwrap(api.GET("/api/admin/todo", { signal }));
/**
 * « Virement reçu »: the Commandes tab's own action (PUT /api/admin/orders/{id} with the payment completed), so the
 * lifecycle issues the invoice exactly as it does there.
 */
export const markTransferReceived = (orderId: string) =>
  unwrap(
    api.PUT("/api/admin/orders/{id}", {
      params: { path: { id: orderId } },
      body: { payment_status: "completed" },
    }),
  );

export async function fetchUsers(limit: number, cursor: string | null, signal?: AbortSignal) {
  const { users, next_cursor } = await unwrap(
    api.GET("/api/admin/users", { params: { query: page(limit, cursor) }, signal }),
  );
  return { items: users, next_cursor } satisfies Page<SessionUser>;
}

export const fetchUserDetails = (userId: string) =>
  unwrap(api.GET("/api/admin/users/{id}", { params: { path: { id: userId } } }));
export const liftMailSuppression = (userId: string) =>
  unwrap(api.DELETE("/api/admin/users/{id}/mail-suppression", { params: { path: { id: userId } } }));
export const fetchUserSummary = (userId: string, signal?: AbortSignal) =>
  unwrap(api.GET("/api/admin/users/{id}/summary", { params: { path: { id: userId } }, signal }));

export const fetchProducts = (signal?: AbortSignal): Promise<ProductView[]> =>
  unwrap(api.GET("/api/admin/products", { signal }));
export const createProduct = (product: ProductPayload) =>
  unwrap(api.POST("/api/admin/products", { body: product }));
/** `stockLoaded`: the stock the form showed when it was opened (the server refuses a stale stock). */
export const updateProduct = (productId: number, product: ProductPayload, stockLoaded: number) =>
  unwrap(
    api.PUT("/api/admin/products/{id}", {
      params: { path: { id: String(productId) } },
      body: { ...product, stock_loaded: stockLoaded },
    }),
  );
export const fetchStockMovements = (productId: number, signal?: AbortSignal) =>
  unwrap(
    api.GET("/api/admin/products/{id}/stock-movements", {
      params: { path: { id: String(productId) } },
      signal,
    }),
  );
export const adjustStock = (productId: number, adjustment: StockAdjustment) =>
  unwrap(
    api.POST("/api/admin/products/{id}/stock-adjustments", {
      params: { path: { id: String(productId) } },
      body: adjustment,
    }),
  );
export const deleteProduct = (productId: number) =>
  unwrap(api.DELETE("/api/admin/products/{id}", { params: { path: { id: String(productId) } } }));

/** A page of orders, newest first, filtered and searched on the server. */
export async function fetchOrders(
  limit: number,
  cursor: string | null,
  filters: OrderFilters = {},
  signal?: AbortSignal,
) {
  const query = { ...page(limit, cursor), ...withoutEmpty(filters) };
  const { orders, next_cursor } = await unwrap(api.GET("/api/admin/orders", { params: { query }, signal }));
  return { items: orders, next_cursor } satisfies Page<Order>;
}
export const updateOrder = (orderId: string, update: OrderUpdatePayload) =>
  unwrap(api.PUT("/api/admin/orders/{id}", { params: { path: { id: orderId } }, body: update }));
/**
 * « Créer l'étiquette »: buys the order's Colissimo label and ships it; the answer is the order, « Expédiée »
 * with its tracking number (201), or as it is when it already had its label (200: a second click buys nothing).
 */
export const createShippingLabel = (orderId: string) =>
  unwrap(api.POST("/api/admin/shipping/orders/{id}/label", { params: { path: { id: orderId } } }));

/** « Actualiser le suivi » of one order: the order as La Poste's tracking left it, and what changed, in French. */
export const refreshParcelTracking = (orderId: string) =>
  unwrap(api.POST("/api/admin/shipping/orders/{id}/tracking", { params: { path: { id: orderId } } }));

/** « Actualiser le suivi des colis »: every open parcel read now; the answer says, in French, what changed. */
export const refreshAllTracking = () => unwrap(api.POST("/api/admin/shipping/tracking"));

/**
 * « Envoyer un nouveau lien de suivi »: every link of a guest order stops working and a new one is mailed to
 * the order's e-mail, which the answer gives. 409 for a customer's order.
 */
export const sendGuestLink = (orderId: string) =>
  unwrap(api.POST("/api/admin/orders/{id}/guest-link", { params: { path: { id: orderId } } }));

/** Records goods sent back and refunds them (PayPal at once, a transfer listed as due). */
export const recordReturn = (
  orderId: string,
  body: {
    order_version: number;
    lines: { index: number; quantity: number; restock: boolean }[];
    refund_shipping: boolean;
    amount: number;
  },
) => unwrap(api.POST("/api/admin/orders/{id}/returns", { params: { path: { id: orderId } }, body }));
export const markRefundDone = (orderId: string, refundId: string) =>
  unwrap(
    api.POST("/api/admin/orders/{id}/refunds/{refundId}/done", {
      params: { path: { id: orderId, refundId } },
    }),
  );
export const fetchPublishing = (signal?: AbortSignal) => unwrap(api.GET("/api/admin/publishing", { signal }));
export const retryPublishing = () => unwrap(api.POST("/api/admin/publishing/retry"));
// The document describes a promo code loosely (id, code, usage_count and more) and its usage not at all: the
// domain's types say what the API answers there.
export const fetchPromos = async (signal?: AbortSignal) =>
  (await unwrap(api.GET("/api/admin/promo", { signal }))) as unknown as AdminPromo[];
export const createPromo = async (promo: PromoPayload) =>
  (await unwrap(api.POST("/api/admin/promo", { body: promo }))) as unknown as AdminPromo;
export const updatePromo = async (promoId: string, promo: PromoPayload) =>
  (await unwrap(
    api.PUT("/api/admin/promo/{id}", { params: { path: { id: promoId } }, body: promo }),
  )) as unknown as AdminPromo;
/** Deletes a code never used; a used one is archived, and the answer says so. */
export const deletePromo = (promoId: string) =>
  unwrap(api.DELETE("/api/admin/promo/{id}", { params: { path: { id: promoId } } }));
export const fetchPromoUsage = async (promoId: string, signal?: AbortSignal) =>
  (await unwrap(
    api.GET("/api/admin/promo/{id}/usage", { params: { path: { id: promoId } }, signal }),
  )) as unknown as PromoUsage[];

/** A product's photos: each answer is the product with its photos. */
export const uploadPhoto = (productId: number, file: Blob, alt: string) =>
  apiUpload(
    "/api/admin/photos/{productId}",
    { path: { productId: String(productId) }, query: { alt } },
    file,
  );
export const arrangePhotos = (productId: number, order: string[], alts: Record<string, string>) =>
  unwrap(
    api.PUT("/api/admin/photos/{productId}", {
      params: { path: { productId: String(productId) } },
      body: { order, alts },
    }),
  );
export const deletePhoto = (productId: number, photoId: string) =>
  unwrap(
    api.DELETE("/api/admin/photos/{productId}/{photoId}", {
      params: { path: { productId: String(productId), photoId } },
    }),
  );

/** What the shop still needs before it can sell. */
export const fetchSetup = (signal?: AbortSignal) => unwrap(api.GET("/api/admin/setup", { signal }));
// The document gives no schema to the settings' answers: each row is the domain's SettingRow.
export const fetchSettings = async (signal?: AbortSignal) =>
  (await unwrap(api.GET("/api/admin/settings", { signal }))) as unknown as SettingRow[];
export const saveSetting = async (key: SettingKey, value: object) =>
  (await unwrap(
    api.PUT("/api/admin/settings/{key}", { params: { path: { key } }, body: { value: { ...value } } }),
  )) as unknown as SettingRow;

export const fetchBatches = (productId: number, signal?: AbortSignal) =>
  unwrap(
    api.GET("/api/admin/batches/{productId}", { params: { path: { productId: String(productId) } }, signal }),
  );
export const createBatch = (productId: number, batch: NewBatch) =>
  unwrap(
    api.POST("/api/admin/batches/{productId}", {
      params: { path: { productId: String(productId) } },
      body: batch,
    }),
  );
export const fetchRecall = (productId: number, lot: string, signal?: AbortSignal) =>
  unwrap(
    api.GET("/api/admin/batches/{productId}/{lot}/recall", {
      params: { path: { productId: String(productId), lot } },
      signal,
    }),
  );
export const sendRecall = (productId: number, lot: string, risk: string) =>
  unwrap(
    api.POST("/api/admin/batches/{productId}/{lot}/recall", {
      params: { path: { productId: String(productId), lot } },
      body: { risk },
    }),
  );

/** GET /api/admin/waitlist: how many confirmed shoppers wait for each product, by id. */
export async function fetchWaitlistCounts(signal?: AbortSignal): Promise<Record<string, number>> {
  const { counts } = await unwrap(api.GET("/api/admin/waitlist", { signal }));
  return counts;
}

/** The filters the owner set, the empty ones left out of the query. */
function withoutEmpty(filters: OrderFilters): OrderFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value));
}

/** The admin panel's calls (api.md "Admin"), all through the shared api-client: same origin, session cookie. */

import type { SessionUser } from "../../../domain/accounts/account";
import type { Address } from "../../../domain/accounts/address";
import type { OwnerTodo } from "../../../domain/admin/owner-todo/list";
import type { Batch, NewBatch, RecallEntry } from "../../../domain/batches/batches";
import type { ProductPayload } from "../../../domain/catalog/admin-products";
import type { ProductView } from "../../../domain/catalog/product-rules";
import type { StockAdjustment, StockMovement } from "../../../domain/catalog/stock";
import type { OrderFilters, OrderUpdatePayload } from "../../../domain/orders/admin-orders";
import type { Order } from "../../../domain/orders/order";
import type { AdminPromo, PromoPayload, PromoUsage } from "../../../domain/promos/admin-promos";
import type { PublishStatus } from "../../../domain/publishing/publishing";
import type { SettingRow } from "../../../domain/settings/admin-settings";
import type { ShopSetup } from "../../../domain/settings/shop-setup";
import { labelUrl, trackingRefreshUrl } from "../../../domain/shipping/admin-labels";
import type { AdminWithdrawal } from "../../../domain/withdrawals/withdrawal-schemas";
import { apiUpload } from "../../../lib/api/client";
import { apiRequest } from "../../../lib/api-client";

export interface AdminStats {
  totalUsers: number;
  totalProducts: number;
  totalOrders: number;
  totalRevenue: number;
  ordersThisMonth: number;
  averageOrderValue: number;
  pendingOrders: number;
  completedOrders: number;
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/** SES refused the customer's address: the shop no longer mails it until the owner lifts it. */
export interface MailSuppression {
  reason: "bounce" | "complaint";
  at: string;
}

export type UserDetails = SessionUser & { addresses: Address[]; mail_suppression?: MailSuppression | null };
export interface UserSummary {
  id: string;
  email: string;
  full_name: string;
}

const id = (value: string | number) => encodeURIComponent(String(value));

function pageQuery(limit: number, cursor: string | null): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set("cursor", cursor);
  return query.toString();
}

export async function checkAdmin(signal?: AbortSignal): Promise<boolean> {
  const { isAdmin } = await apiRequest<{ isAdmin?: unknown }>("/api/admin/check", { signal });
  return isAdmin === true;
}

export const fetchStats = (signal?: AbortSignal) => apiRequest<AdminStats>("/api/admin/stats", { signal });
export const fetchWithdrawals = (signal?: AbortSignal) =>
  apiRequest<{ withdrawals: AdminWithdrawal[] }>("/api/admin/withdrawals", { signal });

export const fetchTodo = (signal?: AbortSignal) => apiRequest<OwnerTodo>("/api/admin/todo", { signal });
/**
 * « Virement reçu »: the Commandes tab's own action (PUT /api/admin/orders/{id} with the payment completed), so the
 * lifecycle issues the invoice exactly as it does there.
 */
export const markTransferReceived = (orderId: string) =>
  apiRequest<Order>(`/api/admin/orders/${id(orderId)}`, {
    method: "PUT",
    body: { payment_status: "completed" },
  });

export async function fetchUsers(limit: number, cursor: string | null, signal?: AbortSignal) {
  const page = await apiRequest<{ users: SessionUser[]; next_cursor: string | null }>(
    `/api/admin/users?${pageQuery(limit, cursor)}`,
    { signal },
  );
  return { items: page.users, next_cursor: page.next_cursor } satisfies Page<SessionUser>;
}

export const fetchUserDetails = (userId: string) => apiRequest<UserDetails>(`/api/admin/users/${id(userId)}`);
export const liftMailSuppression = (userId: string) =>
  apiRequest<void>(`/api/admin/users/${id(userId)}/mail-suppression`, { method: "DELETE" });
export const fetchUserSummary = (userId: string, signal?: AbortSignal) =>
  apiRequest<UserSummary>(`/api/admin/users/${id(userId)}/summary`, { signal });

export const fetchProducts = (signal?: AbortSignal) =>
  apiRequest<ProductView[]>("/api/admin/products", { signal });
export const createProduct = (product: ProductPayload) =>
  apiRequest<ProductView>("/api/admin/products", { method: "POST", body: product });
/** `stockLoaded`: the stock the form showed when it was opened (the server refuses a stale stock). */
export const updateProduct = (productId: number, product: ProductPayload, stockLoaded: number) =>
  apiRequest<ProductView>(`/api/admin/products/${id(productId)}`, {
    method: "PUT",
    body: { ...product, stock_loaded: stockLoaded },
  });
export const fetchStockMovements = (productId: number, signal?: AbortSignal) =>
  apiRequest<{ movements: StockMovement[] }>(`/api/admin/products/${id(productId)}/stock-movements`, {
    signal,
  });
export const adjustStock = (productId: number, adjustment: StockAdjustment) =>
  apiRequest<{ stock: number }>(`/api/admin/products/${id(productId)}/stock-adjustments`, {
    method: "POST",
    body: adjustment,
  });
export const deleteProduct = (productId: number) =>
  apiRequest<void>(`/api/admin/products/${id(productId)}`, { method: "DELETE" });

/** A page of orders, newest first, filtered and searched on the server. */
export async function fetchOrders(
  limit: number,
  cursor: string | null,
  filters: OrderFilters = {},
  signal?: AbortSignal,
) {
  const query = new URLSearchParams(pageQuery(limit, cursor));
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  const page = await apiRequest<{ orders: Order[]; next_cursor: string | null }>(
    `/api/admin/orders?${query}`,
    {
      signal,
    },
  );
  return { items: page.orders, next_cursor: page.next_cursor } satisfies Page<Order>;
}
export const updateOrder = (orderId: string, update: OrderUpdatePayload) =>
  apiRequest<Order>(`/api/admin/orders/${id(orderId)}`, { method: "PUT", body: update });
/**
 * « Créer l'étiquette »: buys the order's Colissimo label and ships it; the answer is the order, « Expédiée »
 * with its tracking number (201), or as it is when it already had its label (200: a second click buys nothing).
 */
export const createShippingLabel = (orderId: string) =>
  apiRequest<Order>(labelUrl(orderId), { method: "POST" });

/** « Actualiser le suivi » of one order: the order as La Poste's tracking left it, and what changed, in French. */
export const refreshParcelTracking = (orderId: string) =>
  apiRequest<{ order: Order; message: string }>(trackingRefreshUrl(orderId), { method: "POST" });

/** « Actualiser le suivi des colis »: every open parcel read now; the answer says, in French, what changed. */
export const refreshAllTracking = () =>
  apiRequest<{ message: string }>(trackingRefreshUrl(), { method: "POST" });

/**
 * « Envoyer un nouveau lien de suivi »: every link of a guest order stops working and a new one is mailed to
 * the order's e-mail, which the answer gives. 409 for a customer's order.
 */
export const sendGuestLink = (orderId: string) =>
  apiRequest<{ email: string }>(`/api/admin/orders/${id(orderId)}/guest-link`, { method: "POST" });

/** Records goods sent back and refunds them (PayPal at once, a transfer listed as due). */
export const recordReturn = (
  orderId: string,
  body: {
    order_version: number;
    lines: { index: number; quantity: number; restock: boolean }[];
    refund_shipping: boolean;
    amount: number;
  },
) => apiRequest<Order>(`/api/admin/orders/${id(orderId)}/returns`, { method: "POST", body });
export const markRefundDone = (orderId: string, refundId: string) =>
  apiRequest<Order>(`/api/admin/orders/${id(orderId)}/refunds/${id(refundId)}/done`, { method: "POST" });
export const fetchPublishing = (signal?: AbortSignal) =>
  apiRequest<PublishStatus>("/api/admin/publishing", { signal });
export const retryPublishing = () =>
  apiRequest<PublishStatus>("/api/admin/publishing/retry", { method: "POST" });
export const fetchPromos = (signal?: AbortSignal) => apiRequest<AdminPromo[]>("/api/admin/promo", { signal });
export const createPromo = (promo: PromoPayload) =>
  apiRequest<AdminPromo>("/api/admin/promo", { method: "POST", body: promo });
export const updatePromo = (promoId: string, promo: PromoPayload) =>
  apiRequest<AdminPromo>(`/api/admin/promo/${id(promoId)}`, { method: "PUT", body: promo });
/** Deletes a code never used; a used one is archived, and the answer says so. */
export const deletePromo = (promoId: string) =>
  apiRequest<{ archived: true; message: string } | undefined>(`/api/admin/promo/${id(promoId)}`, {
    method: "DELETE",
  });
export const fetchPromoUsage = (promoId: string, signal?: AbortSignal) =>
  apiRequest<PromoUsage[]>(`/api/admin/promo/${id(promoId)}/usage`, { signal });

/** A product's photos: each answer is the product with its photos. */
export const uploadPhoto = (productId: number, file: Blob, alt: string) =>
  apiUpload("/api/admin/photos/{productId}", { path: { productId }, query: { alt } }, file);
export const arrangePhotos = (productId: number, order: string[], alts: Record<string, string>) =>
  apiRequest<ProductView>(`/api/admin/photos/${id(productId)}`, { method: "PUT", body: { order, alts } });
export const deletePhoto = (productId: number, photoId: string) =>
  apiRequest<ProductView>(`/api/admin/photos/${id(productId)}/${id(photoId)}`, { method: "DELETE" });

/** What the shop still needs before it can sell. */
export const fetchSetup = (signal?: AbortSignal) => apiRequest<ShopSetup>("/api/admin/setup", { signal });
export const fetchSettings = (signal?: AbortSignal) =>
  apiRequest<SettingRow[]>("/api/admin/settings", { signal });
export const saveSetting = (key: string, value: object) =>
  apiRequest<SettingRow>(`/api/admin/settings/${id(key)}`, { method: "PUT", body: { value } });

export const fetchBatches = (productId: number, signal?: AbortSignal) =>
  apiRequest<{ batches: Batch[] }>(`/api/admin/batches/${id(productId)}`, { signal });
export const createBatch = (productId: number, batch: NewBatch) =>
  apiRequest<Batch>(`/api/admin/batches/${id(productId)}`, { method: "POST", body: batch });
export const fetchRecall = (productId: number, lot: string, signal?: AbortSignal) =>
  apiRequest<{ entries: RecallEntry[] }>(
    `/api/admin/batches/${id(productId)}/${encodeURIComponent(lot)}/recall`,
    {
      signal,
    },
  );
export const sendRecall = (productId: number, lot: string, risk: string) =>
  apiRequest<{ entries: RecallEntry[]; sent: number }>(
    `/api/admin/batches/${id(productId)}/${encodeURIComponent(lot)}/recall`,
    { method: "POST", body: { risk } },
  );

/** GET /api/admin/waitlist: how many confirmed shoppers wait for each product, by id. */
export async function fetchWaitlistCounts(signal?: AbortSignal): Promise<Record<string, number>> {
  const body = await apiRequest<{ counts: Record<string, number> }>("/api/admin/waitlist", { signal });
  return body.counts;
}

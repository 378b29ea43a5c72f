/** Rules of the admin's promo codes tab, with no dependency so the admin island ships no zod. */

import { GUEST_USER_PREFIX, isGuestUserId } from "../accounts/guest-account";
import { parseDecimal, parseInteger } from "../typed-numbers";

export type DiscountType = "percentage" | "fixed_amount";

export interface PromoPayload {
  code: string;
  description: string;
  discount_type: DiscountType;
  discount_value: number;
  min_order_amount: number;
  max_discount_amount: number | null;
  usage_limit: number | null;
  max_uses_per_user: number;
  is_active: boolean;
  starts_at: string;
  expires_at: string | null;
  /** False: the code leaves the lines in « Soldes ». */
  combines_with_soldes: boolean;
}

export interface AdminPromo extends PromoPayload {
  id: string;
  usage_count: number;
  /** A used code, deleted by the owner: kept, inactive, with its history. */
  archived_at?: string | null;
  created_at?: string;
}

export interface PromoUsage {
  id: string;
  user_id: string;
  discount_amount: number;
  order_id: string | null;
  used_at: string;
}

export interface PromoFormState {
  code: string;
  description: string;
  discount_type: DiscountType;
  discount_value: string;
  min_order_amount: string;
  max_discount_amount: string;
  usage_limit: string;
  max_uses_per_user: string;
  is_active: boolean;
  starts_at: string;
  expires_at: string;
  combines_with_soldes: boolean;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** In the browser's time zone: "2026-05-01T09:30". */
export function toLocalDateTimeInput(date: Date | string | null | undefined): string {
  if (!date) return "";
  const moment = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(moment.getTime())) return "";
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}T${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

/** Null when empty or not a date. */
export function localDateTimeToIso(text: string): string | null {
  const value = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const moment = new Date(value); // a date-time without offset is read in the local time zone
  return Number.isNaN(moment.getTime()) ? null : moment.toISOString();
}

/** Spec 5. */
export function emptyPromoForm(now: Date): PromoFormState {
  return {
    code: "",
    description: "",
    discount_type: "percentage",
    discount_value: "",
    min_order_amount: "0",
    max_discount_amount: "",
    usage_limit: "",
    max_uses_per_user: "1",
    is_active: true,
    starts_at: toLocalDateTimeInput(now),
    expires_at: "",
    combines_with_soldes: false,
  };
}

export function promoFormFrom(promo: AdminPromo): PromoFormState {
  return {
    code: promo.code,
    description: promo.description,
    discount_type: promo.discount_type,
    discount_value: String(promo.discount_value),
    min_order_amount: String(promo.min_order_amount),
    max_discount_amount: promo.max_discount_amount === null ? "" : String(promo.max_discount_amount),
    usage_limit: promo.usage_limit === null ? "" : String(promo.usage_limit),
    max_uses_per_user: String(promo.max_uses_per_user),
    is_active: promo.is_active,
    starts_at: toLocalDateTimeInput(promo.starts_at),
    expires_at: toLocalDateTimeInput(promo.expires_at),
    combines_with_soldes: promo.combines_with_soldes,
  };
}

const blank = (text: string) => text.trim() === "";

/** Spec 5. */
export function promoPayload(form: PromoFormState, now: Date): PromoPayload {
  return {
    code: form.code.trim().toUpperCase(),
    description: form.description.trim(),
    discount_type: form.discount_type,
    discount_value: parseDecimal(form.discount_value),
    min_order_amount: blank(form.min_order_amount) ? 0 : parseDecimal(form.min_order_amount),
    max_discount_amount: blank(form.max_discount_amount) ? null : parseDecimal(form.max_discount_amount),
    usage_limit: blank(form.usage_limit) ? null : parseInteger(form.usage_limit),
    max_uses_per_user: blank(form.max_uses_per_user) ? 1 : parseInteger(form.max_uses_per_user),
    is_active: form.is_active,
    starts_at: localDateTimeToIso(form.starts_at) ?? now.toISOString(),
    expires_at: localDateTimeToIso(form.expires_at),
    combines_with_soldes: form.combines_with_soldes,
  };
}

const decimals = (value: number) =>
  new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2, useGrouping: false }).format(value);

/** Spec: "€7,50" when the amount has cents. */
export function discountLabel(promo: Pick<AdminPromo, "discount_type" | "discount_value">): string {
  if (promo.discount_type === "percentage") return `${decimals(promo.discount_value)}%`;
  const amount = Number.isInteger(promo.discount_value)
    ? String(promo.discount_value)
    : new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        promo.discount_value,
      );
  return `€${amount}`;
}

export function usageLabel(promo: Pick<AdminPromo, "usage_count" | "usage_limit">): {
  text: string;
  percent: string | null;
} {
  if (promo.usage_limit === null) return { text: "Illimité", percent: null };
  const share = promo.usage_limit > 0 ? (promo.usage_count / promo.usage_limit) * 100 : 0;
  const percent = new Intl.NumberFormat("fr-FR", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(share);
  return { text: `${promo.usage_count}/${promo.usage_limit}`, percent: `${percent}%` };
}

export function usageUserLabel(
  userId: string,
  summary: { full_name?: string | null; email?: string | null } | null | undefined,
): string {
  // A guest's order names her e-mail in its user id: there is no account to look up.
  if (isGuestUserId(userId)) return `${userId.slice(GUEST_USER_PREFIX.length)} (invité)`;
  const name = summary?.full_name?.trim();
  if (name) return name;
  const email = summary?.email?.trim();
  if (email) return email;
  return `User ${userId.slice(0, 8)}`;
}

export function usageOrderLabel(orderId: string | null | undefined): string {
  return orderId ? orderId.slice(-8) : "N/A";
}

import type { EntityItem } from "electrodb";
import { DomainError } from "../../src/domain/errors";
import { centsToEuros } from "../../src/domain/money";
import { discountFor } from "../../src/domain/pricing";
import {
  discountTerms,
  normalizePromoCode,
  type PromoRejection,
  type PromoRules,
  parisDay,
  promoRejection,
  promoRejectionMessage,
} from "../../src/domain/promo";
import { newId } from "../adapters/ids";
import type { PromoEntity } from "../db/entities/promo";
import type { DataDeps } from "./deps";

export type PromoRecord = EntityItem<typeof PromoEntity>;

export function toPromoRules(record: PromoRecord): PromoRules {
  return {
    code: record.code,
    discount_type: record.discount_type,
    discount_value: record.discount_value,
    min_order_cents: record.min_order_cents,
    max_discount_cents: record.max_discount_cents ?? null,
    usage_limit: record.usage_limit ?? null,
    usage_count: record.usage_count,
    max_uses_per_user: record.max_uses_per_user,
    is_active: record.is_active,
    starts_at: record.starts_at,
    expires_at: record.expires_at ?? null,
  };
}

export async function getPromo({ db }: DataDeps, id: string): Promise<PromoRecord | null> {
  return (await db.entities.promo.get({ id }).go()).data;
}

export async function findPromoByCode(deps: DataDeps, code: string): Promise<PromoRecord | null> {
  const normalized = normalizePromoCode(code);
  if (!normalized) return null;
  const { data: link } = await deps.db.entities.promoCode.get({ code: normalized }).go();
  return link ? getPromo(deps, link.promo_id) : null;
}

/** How many times the customer used the promo on today's Paris calendar day. */
export async function usesToday(deps: DataDeps, promoId: string, userId: string | null): Promise<number> {
  if (!userId) return 0;
  const { data } = await deps.db.entities.promoDailyUse
    .get({ promo_id: promoId, user_id: userId, day: parisDay(deps.clock()) })
    .go();
  return data?.count ?? 0;
}

export function promoError(reason: PromoRejection, promo: PromoRecord | null): DomainError {
  return new DomainError(reason, promoRejectionMessage(reason, promo ?? undefined));
}

/** The spec's applied promo: discount_value in its own unit (percent or euros), discount_amount in euros. */
export function appliedPromo(promo: PromoRecord, discountCents: number) {
  return {
    id: promo.id,
    code: promo.code,
    discount_type: promo.discount_type,
    discount_value: promo.discount_value / 100,
    discount_amount: centsToEuros(discountCents),
  };
}

/**
 * POST /api/promo/validate: whether the code applies to a cart of `subtotal` cents, and what it saves.
 * The per-day limit is checked for a signed-in customer; the order transaction checks everything again.
 */
export async function validatePromo(deps: DataDeps, code: string, subtotal: number, userId: string | null) {
  const promo = await findPromoByCode(deps, code);
  const reason = promoRejection(promo ? toPromoRules(promo) : null, {
    subtotal,
    now: deps.clock(),
    usesToday: promo ? await usesToday(deps, promo.id, userId) : 0,
  });
  if (reason || !promo) {
    return {
      valid: false as const,
      error: promoRejectionMessage(reason ?? "PROMO_INVALID", promo ?? undefined),
    };
  }
  const discount = discountFor(subtotal, discountTerms(toPromoRules(promo)));
  return { valid: true as const, promo: appliedPromo(promo, discount) };
}

export interface NewPromo {
  code: string;
  description?: string;
  discount_type: "percentage" | "fixed_amount";
  /** Hundredths: 1500 = 15 % or 15,00 €. */
  discount_value: number;
  min_order_cents?: number;
  max_discount_cents?: number | null;
  usage_limit?: number | null;
  max_uses_per_user?: number;
  is_active?: boolean;
  starts_at?: string;
  expires_at?: string | null;
}

/** Creates a promo and its unique-code item in one transaction (409 when the code exists). */
export async function createPromo(deps: DataDeps, input: NewPromo): Promise<PromoRecord> {
  const id = newId();
  const now = deps.clock().toISOString();
  const code = normalizePromoCode(input.code);
  const record = {
    id,
    code,
    description: input.description ?? "",
    discount_type: input.discount_type,
    discount_value: input.discount_value,
    min_order_cents: input.min_order_cents ?? 0,
    max_discount_cents: input.max_discount_cents ?? undefined,
    usage_limit: input.usage_limit ?? undefined,
    usage_count: 0,
    max_uses_per_user: input.max_uses_per_user ?? 1,
    is_active: input.is_active ?? true,
    starts_at: input.starts_at ?? now,
    expires_at: input.expires_at ?? undefined,
    created_at: now,
    updated_at: now,
  };
  const { canceled } = await deps.db.service.transaction
    .write(({ promo, promoCode }) => [
      promoCode.create({ code, promo_id: id }).commit(),
      promo.create(record).commit(),
    ])
    .go();
  if (canceled) throw new DomainError("CONFLICT", "Ce code promo existe déjà.");
  return (await getPromo(deps, id)) as PromoRecord;
}

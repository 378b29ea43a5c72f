import type { EntityItem } from "electrodb";
import { DomainError } from "../../src/domain/errors";
import { centsToEuros } from "../../src/domain/money";
import { promoUseSubject } from "../../src/domain/orders/guest";
import { discountFor, onlySoldes, type PricedLine, promoBase } from "../../src/domain/orders/pricing";
import { parisDay } from "../../src/domain/paris-time";
import {
  discountTerms,
  normalizePromoCode,
  type PromoRejection,
  type PromoRules,
  promoRejection,
  promoRejectionMessage,
} from "../../src/domain/promos/promo";
import { priceInForce } from "../../src/domain/reductions/in-force";
import { productsByIds } from "../catalog/product-reads";
import { productReductions } from "../catalog/product-reductions";
import { newId } from "../platform/adapters/ids";
import { writeTransaction } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import type { PromoEntity } from "./entity";
import { promoCodeEntity, promoDailyUseEntity, promoEntity, promoUsageEntity } from "./entity";

export type PromoRecord = EntityItem<PromoEntity>;

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
    combines_with_soldes: record.combines_with_soldes ?? true,
  };
}

export async function getPromo({ db }: DataDeps, id: string): Promise<PromoRecord | null> {
  return (await promoEntity(db).get({ id }).go()).data;
}

export async function findPromoByCode(deps: DataDeps, code: string): Promise<PromoRecord | null> {
  const normalized = normalizePromoCode(code);
  if (!normalized) return null;
  const { data: link } = await promoCodeEntity(deps.db).get({ code: normalized }).go();
  return link ? getPromo(deps, link.promo_id) : null;
}

/** Guest orders count apart, with their delivery address: a typed e-mail never uses up an account's allowance. */
export async function usesToday(deps: DataDeps, promoId: string, email: string | null): Promise<number> {
  if (!email) return 0;
  const { data } = await promoDailyUseEntity(deps.db)
    .get({ promo_id: promoId, user_id: promoUseSubject(email), day: parisDay(deps.clock()) })
    .go();
  return data?.count ?? 0;
}

export function promoError(reason: PromoRejection, promo: PromoRecord | null): DomainError {
  return new DomainError(reason, promoRejectionMessage(reason, promo ?? undefined));
}

/** `excluded`: the cart's products in « Soldes » the code leaves; `eligible`: the subtotal it applies to. */
export function appliedPromo(promo: PromoRecord, discount: number, excluded: number[], eligible: number) {
  return {
    id: promo.id,
    code: promo.code,
    discount_type: promo.discount_type,
    discount_value: promo.discount_value / 100,
    discount_amount: centsToEuros(discount),
    excluded_product_ids: excluded,
    eligible_amount: centsToEuros(eligible),
  };
}

type CartLine = { product_id: number; quantity: number };

/**
 * The order transaction checks everything again. With the cart's lines, they are priced as an order would charge
 * them now (unknown products left out); without them (an older page), the page's subtotal is one line.
 */
export async function validatePromo(
  deps: DataDeps,
  code: string,
  cart: { subtotal: number; items?: readonly CartLine[] },
  email: string | null,
) {
  const now = deps.clock();
  const promo = await findPromoByCode(deps, code);
  const rules = promo && toPromoRules(promo);
  const terms = rules && discountTerms(rules);
  const products = cart.items
    ? await productsByIds(deps, [...new Set(cart.items.map((line) => line.product_id))])
    : [];
  const lines: (PricedLine & { id: number })[] = cart.items
    ? cart.items.flatMap(({ product_id: id, quantity }) =>
        products
          .filter((product) => product.id === id)
          .map((product) => {
            const { price, reduction } = priceInForce(product.price_cents, productReductions(product), now);
            return { id, quantity, unitPriceCents: price, soldes: reduction?.kind === "soldes" };
          }),
      )
    : [{ id: 0, unitPriceCents: cart.subtotal, quantity: 1 }];
  const base = promoBase(lines, terms);
  const reason = promoRejection(rules, {
    subtotal: base,
    onlySoldes: onlySoldes(lines),
    now,
    usesToday: promo ? await usesToday(deps, promo.id, email) : 0,
  });
  if (reason || !promo || !terms) {
    return {
      valid: false as const,
      error: promoRejectionMessage(reason ?? "PROMO_INVALID", promo ?? undefined),
    };
  }
  const excluded = lines.filter((line) => line.soldes && terms.withSoldes === false).map((line) => line.id);
  return { valid: true as const, promo: appliedPromo(promo, discountFor(base, terms), excluded, base) };
}

export interface NewPromo {
  code: string;
  description?: string;
  discount_type: "percentage" | "fixed_amount";
  discount_value: number;
  min_order_cents?: number;
  max_discount_cents?: number | null;
  usage_limit?: number | null;
  max_uses_per_user?: number;
  is_active?: boolean;
  starts_at?: string;
  expires_at?: string | null;
  /** Absent: a code made through the API before the choice existed combines, as it always did. */
  combines_with_soldes?: boolean;
}

const codeTaken = () => new DomainError("CONFLICT", "Ce code promo existe déjà.");

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
    combines_with_soldes: input.combines_with_soldes ?? true,
    created_at: now,
    updated_at: now,
  };
  await writeTransaction(deps.db, () => [
    {
      commit: promoCodeEntity.transact(deps.db).create({ code, promo_id: id }).commit(),
      onFailed: codeTaken(),
    },
    { commit: promoEntity.transact(deps.db).create(record).commit() },
  ]);
  return (await getPromo(deps, id)) as PromoRecord;
}

export function toAdminPromo(promo: PromoRecord) {
  return {
    id: promo.id,
    code: promo.code,
    description: promo.description ?? "",
    discount_type: promo.discount_type,
    discount_value: promo.discount_value / 100,
    min_order_amount: centsToEuros(promo.min_order_cents),
    max_discount_amount: promo.max_discount_cents == null ? null : centsToEuros(promo.max_discount_cents),
    usage_limit: promo.usage_limit ?? null,
    usage_count: promo.usage_count,
    max_uses_per_user: promo.max_uses_per_user,
    is_active: promo.is_active,
    starts_at: promo.starts_at,
    expires_at: promo.expires_at ?? null,
    combines_with_soldes: promo.combines_with_soldes ?? true,
    archived_at: promo.archived_at ?? null,
    created_at: promo.created_at,
  };
}

export async function listPromos(deps: DataDeps) {
  const { data } = await promoEntity(deps.db).query.all({}).go({ order: "desc", pages: "all" });
  return data.map(toAdminPromo);
}

/** usage_count is never taken from the form. */
export async function updatePromo(
  deps: DataDeps,
  id: string,
  input: Omit<NewPromo, "is_active"> & { is_active: boolean },
) {
  const current = await getPromo(deps, id);
  if (!current) throw new DomainError("NOT_FOUND", "Code promo introuvable.");
  if (current.archived_at)
    throw new DomainError(
      "CONFLICT",
      "Ce code promo est archivé : il ne peut plus être modifié. Créez un nouveau code.",
    );
  const code = normalizePromoCode(input.code);
  const now = deps.clock().toISOString();
  await writeTransaction(deps.db, () => [
    {
      onFailed: new DomainError("NOT_FOUND", "Code promo introuvable."),
      commit: promoEntity
        .transact(deps.db)
        .patch({ id })
        .set({
          code,
          description: input.description ?? "",
          discount_type: input.discount_type,
          discount_value: input.discount_value,
          min_order_cents: input.min_order_cents ?? 0,
          max_uses_per_user: input.max_uses_per_user ?? 1,
          is_active: input.is_active,
          starts_at: input.starts_at ?? current.starts_at,
          updated_at: now,
          ...(input.combines_with_soldes !== undefined && {
            combines_with_soldes: input.combines_with_soldes,
          }),
          ...(input.max_discount_cents != null && { max_discount_cents: input.max_discount_cents }),
          ...(input.usage_limit != null && { usage_limit: input.usage_limit }),
          ...(input.expires_at != null && { expires_at: input.expires_at }),
        })
        .remove([
          ...(input.max_discount_cents == null ? (["max_discount_cents"] as const) : []),
          ...(input.usage_limit == null ? (["usage_limit"] as const) : []),
          ...(input.expires_at == null ? (["expires_at"] as const) : []),
        ])
        .commit(),
    },
    ...(code !== current.code
      ? [
          {
            commit: promoCodeEntity.transact(deps.db).create({ code, promo_id: id }).commit(),
            onFailed: codeTaken(),
          },
          { commit: promoCodeEntity.transact(deps.db).delete({ code: current.code }).commit() },
        ]
      : []),
  ]);
  return toAdminPromo((await getPromo(deps, id)) as PromoRecord);
}

/**
 * A used code is archived, not deleted, so its usage history stays readable and its orders can still be refunded.
 * The delete is conditioned on no use: an order taking the code at that moment turns it into an archive.
 */
export async function deletePromo(deps: DataDeps, id: string): Promise<"deleted" | "archived"> {
  const current = await getPromo(deps, id);
  if (!current) throw new DomainError("NOT_FOUND", "Code promo introuvable.");
  if (current.archived_at) return "archived";
  const deleted =
    current.usage_count === 0 &&
    (await writeTransaction(deps.db, () => [
      {
        commit: promoEntity
          .transact(deps.db)
          .delete({ id })
          .where(({ usage_count }, { eq }) => eq(usage_count, 0))
          .commit(),
        onFailed: "stale",
      },
      { commit: promoCodeEntity.transact(deps.db).delete({ code: current.code }).commit() },
    ])) === "written";
  if (deleted) return "deleted";
  const now = deps.clock().toISOString();
  await promoEntity(deps.db).patch({ id }).set({ archived_at: now, is_active: false, updated_at: now }).go();
  return "archived";
}

export async function promoUsageHistory(deps: DataDeps, id: string) {
  if (!(await getPromo(deps, id))) throw new DomainError("NOT_FOUND", "Code promo introuvable.");
  const { data } = await promoUsageEntity(deps.db)
    .query.byPromo({ promo_id: id })
    .go({ order: "desc", pages: "all" });
  return data.map((usage) => ({
    id: `${usage.promo_id}-${usage.order_id}`,
    user_id: usage.user_id,
    discount_amount: centsToEuros(usage.discount_cents),
    order_id: usage.order_id,
    used_at: usage.used_at,
  }));
}

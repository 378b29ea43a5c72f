import type { EntityItem } from "electrodb";
import { CHECKOUT_COUNTRIES, type Country } from "../../../src/domain/address";
import { DomainError } from "../../../src/domain/errors";
import { eurosToCents } from "../../../src/domain/money";
import type { OrderRequest } from "../../../src/domain/order";
import { mergeLines, priceOrder, type Totals } from "../../../src/domain/pricing";
import { discountTerms, parisDay, promoRejection } from "../../../src/domain/promo";
import { type ShippingSetting, shippingRuleCents } from "../../../src/domain/settings";
import type { ProductEntity } from "../../db/entities/product";
import type { AddressRecord } from "../addresses";
import type { DataDeps } from "../deps";
import { totalsInEuros } from "../orders";
import { type PromoRecord, promoError, toPromoRules } from "../promos";
import type { ReadRound } from "../read-round";

type ProductRecord = EntityItem<ProductEntity>;

export type { AddressRecord };

export interface PricedLine {
  product: ProductRecord;
  quantity: number;
  unitPriceCents: number;
}

/** Everything an order is made from, checked against the database (the browser's figures are only compared). */
export interface Quote {
  lines: PricedLine[];
  address: AddressRecord;
  promo: PromoRecord | null;
  shippingRule: ReturnType<typeof shippingRuleCents>;
  totals: Totals;
}

/** What the quote is made from, as stored now: read all at once, checked afterwards (quoteFrom). */
export interface QuoteReads {
  products: ReadonlyMap<number, ProductRecord>;
  address: AddressRecord | null;
  promo: PromoRecord | null;
  /** The customer's uses of the promo on today's Paris day (0 without a promo). */
  promoUsesToday: number;
}

/**
 * The reads of a quote, added to the order's read round (read-round.ts): the products, the delivery address, the
 * promo and the customer's uses of it today (its id is the request's, so both are asked at once). Nothing is
 * judged here: a missing row is null, and quoteFrom says what it means in the rules' order. The function returned
 * gives what was read, once the round has run.
 */
export function quoteReadsInRound(
  deps: DataDeps,
  round: ReadRound,
  userId: string,
  request: OrderRequest,
): () => QuoteReads {
  const { entities } = deps.db;
  const products = mergeLines(request.items).map(({ product_id }) =>
    round.get(entities.product, { id: product_id }),
  );
  const address = round.get(entities.address, { user_id: userId, id: request.shipping_address_id });
  const promoId = request.promo_code_id;
  const promo = promoId ? round.get(entities.promo, { id: promoId }) : null;
  const uses = promoId
    ? round.get(entities.promoDailyUse, { promo_id: promoId, user_id: userId, day: parisDay(deps.clock()) })
    : null;
  return () => ({
    products: new Map(products.flatMap(({ value }) => (value ? [[value.id, value] as const] : []))),
    address: address.value,
    promo: promo?.value ?? null,
    promoUsesToday: uses?.value?.count ?? 0,
  });
}

/** A product gone, inactive or short of stock for `quantity` is refused by name; returns it otherwise. */
export function sellableProduct(product: ProductRecord | null | undefined, quantity: number): ProductRecord {
  if (!product?.is_active) {
    throw new DomainError(
      "PRODUCT_UNAVAILABLE",
      product ? `Le produit « ${product.name} » n'est plus disponible.` : undefined,
    );
  }
  if (product.stock < quantity) {
    throw new DomainError(
      "OUT_OF_STOCK",
      `Stock insuffisant pour « ${product.name} » : ${Math.max(product.stock, 0)} disponible(s).`,
      { product: product.name, available: Math.max(product.stock, 0) },
    );
  }
  return product;
}

/** The cart's lines at today's catalogue prices; a product gone, inactive or short of stock is refused by name. */
function priceLines(products: QuoteReads["products"], request: OrderRequest): PricedLine[] {
  return mergeLines(request.items).map((line) => {
    const product = sellableProduct(products.get(line.product_id), line.quantity);
    return { product, quantity: line.quantity, unitPriceCents: product.price_cents };
  });
}

/** The customer's own delivery address, in a country the shop delivers to. */
function deliveryAddress(address: AddressRecord | null): AddressRecord {
  if (!address) throw new DomainError("ADDRESS_NOT_FOUND");
  if (!CHECKOUT_COUNTRIES.includes(address.country as Country)) throw new DomainError("DELIVERY_COUNTRY");
  return address;
}

/** The promo code, checked again now (dates, minimum, limits, the customer's uses today). */
function applicablePromo(reads: QuoteReads, request: OrderRequest, subtotal: number, now: Date) {
  if (!request.promo_code_id) return null;
  const { promo } = reads;
  const reason = promoRejection(promo ? toPromoRules(promo) : null, {
    subtotal,
    now,
    usesToday: promo ? reads.promoUsesToday : 0,
  });
  if (reason) throw promoError(reason, promo);
  return promo;
}

/**
 * Prices an order request from what was read: the catalogue, the shipping settings and the promo code, checked in
 * this order (the first refusal is the answer). The total the customer saw must be the server's to the cent, or
 * PRICE_CHANGED carries the new totals for the screen to show.
 */
export function quoteFrom(
  reads: QuoteReads,
  shipping: ShippingSetting,
  request: OrderRequest,
  now: Date,
): Quote {
  const lines = priceLines(reads.products, request);
  const address = deliveryAddress(reads.address);
  const shippingRule = shippingRuleCents(shipping);
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const promo = applicablePromo(reads, request, subtotal, now);
  const totals = priceOrder(lines, shippingRule, promo ? discountTerms(toPromoRules(promo)) : null);
  if (eurosToCents(request.total_amount) !== totals.total) {
    throw new DomainError("PRICE_CHANGED", undefined, { totals: totalsInEuros(totals) });
  }
  return { lines, address, promo, shippingRule, totals };
}

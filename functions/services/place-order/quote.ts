import type { EntityItem } from "electrodb";
import { CHECKOUT_COUNTRIES, type Country } from "../../../src/domain/address";
import { DomainError } from "../../../src/domain/errors";
import { eurosToCents } from "../../../src/domain/money";
import type { OrderRequest } from "../../../src/domain/order";
import { mergeLines, priceOrder, type Totals } from "../../../src/domain/pricing";
import { discountTerms, promoRejection } from "../../../src/domain/promo";
import { type ShippingSetting, shippingRuleCents } from "../../../src/domain/settings";
import type { ProductEntity } from "../../db/entities/product";
import { type AddressRecord, findAddressRecord } from "../addresses";
import type { AuthUser } from "../auth";
import { batchGetAll } from "../batch-get";
import type { DataDeps } from "../deps";
import { totalsInEuros } from "../orders";
import { getPromo, type PromoRecord, promoError, toPromoRules, usesToday } from "../promos";

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

/** The cart's products in one BatchGetItem (again for any DynamoDB left unprocessed). */
async function readProducts(deps: DataDeps, ids: readonly number[]): Promise<Map<number, ProductRecord>> {
  const products = await batchGetAll(
    async (keys: { id: number }[]) => {
      const { data, unprocessed } = await deps.db.entities.product.get(keys).go();
      return { data, unprocessed: unprocessed.map(({ id }) => ({ id })) };
    },
    ids.map((id) => ({ id })),
  );
  return new Map(products.map((product) => [product.id, product]));
}

/**
 * The reads of a quote, in parallel: the products, the delivery address, the promo and the customer's uses of it
 * today (its id is the request's, so both are asked at once). Nothing is judged here: a missing row is null, and
 * quoteFrom says what it means in the rules' order.
 */
export async function readQuote(deps: DataDeps, user: AuthUser, request: OrderRequest): Promise<QuoteReads> {
  const promoId = request.promo_code_id;
  const [products, address, promo, promoUsesToday] = await Promise.all([
    readProducts(
      deps,
      mergeLines(request.items).map((line) => line.product_id),
    ),
    findAddressRecord(deps, user.id, request.shipping_address_id),
    promoId ? getPromo(deps, promoId) : null,
    promoId ? usesToday(deps, promoId, user.id) : 0,
  ]);
  return { products, address, promo, promoUsesToday };
}

/** The cart's lines at today's catalogue prices; a product gone, inactive or short of stock is refused by name. */
function priceLines(products: QuoteReads["products"], request: OrderRequest): PricedLine[] {
  return mergeLines(request.items).map((line) => {
    const product = products.get(line.product_id);
    if (!product?.is_active) {
      throw new DomainError(
        "PRODUCT_UNAVAILABLE",
        product ? `Le produit « ${product.name} » n'est plus disponible.` : undefined,
      );
    }
    if (product.stock < line.quantity) {
      throw new DomainError(
        "OUT_OF_STOCK",
        `Stock insuffisant pour « ${product.name} » : ${Math.max(product.stock, 0)} disponible(s).`,
        { product: product.name, available: Math.max(product.stock, 0) },
      );
    }
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

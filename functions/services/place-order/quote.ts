import type { EntityItem } from "electrodb";
import { CHECKOUT_COUNTRIES } from "../../../src/domain/address";
import { DomainError } from "../../../src/domain/errors";
import { eurosToCents } from "../../../src/domain/money";
import type { OrderRequest } from "../../../src/domain/order";
import { mergeLines, priceOrder, type Totals } from "../../../src/domain/pricing";
import { discountTerms, promoRejection } from "../../../src/domain/promo";
import { shippingRuleCents } from "../../../src/domain/settings";
import type { ProductEntity } from "../../db/entities/product";
import { getAddress } from "../addresses";
import type { AuthUser } from "../auth";
import type { DataDeps } from "../deps";
import { totalsInEuros } from "../orders";
import { getPromo, type PromoRecord, promoError, toPromoRules, usesToday } from "../promos";
import { getSetting } from "../settings";

type ProductRecord = EntityItem<ProductEntity>;
export type AddressRecord = Awaited<ReturnType<typeof getAddress>>;

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

/** The cart's lines at today's catalogue prices; a product gone, inactive or short of stock is refused by name. */
async function priceLines(deps: DataDeps, request: OrderRequest): Promise<PricedLine[]> {
  const lines = mergeLines(request.items);
  const { data } = await deps.db.entities.product.get(lines.map((line) => ({ id: line.product_id }))).go();
  const products = new Map(data.map((product) => [product.id, product]));
  return lines.map((line) => {
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
async function deliveryAddress(deps: DataDeps, user: AuthUser, addressId: string): Promise<AddressRecord> {
  const address = await getAddress(deps, user.id, addressId);
  if (!CHECKOUT_COUNTRIES.includes(address.country)) throw new DomainError("DELIVERY_COUNTRY");
  return address;
}

/** The promo code, checked again now (dates, minimum, limits, the customer's uses today). */
async function applicablePromo(
  deps: DataDeps,
  user: AuthUser,
  promoId: string | null | undefined,
  subtotal: number,
): Promise<PromoRecord | null> {
  if (!promoId) return null;
  const promo = await getPromo(deps, promoId);
  const reason = promoRejection(promo ? toPromoRules(promo) : null, {
    subtotal,
    now: deps.clock(),
    usesToday: promo ? await usesToday(deps, promo.id, user.id) : 0,
  });
  if (reason) throw promoError(reason, promo);
  return promo;
}

/**
 * Prices an order request from the catalogue, the shipping settings and the promo code. The total the customer saw
 * must be the server's to the cent, or PRICE_CHANGED carries the new totals for the screen to show.
 */
export async function quoteOrder(deps: DataDeps, user: AuthUser, request: OrderRequest): Promise<Quote> {
  const lines = await priceLines(deps, request);
  const address = await deliveryAddress(deps, user, request.shipping_address_id);
  const shippingRule = shippingRuleCents(await getSetting(deps, "shipping"));
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const promo = await applicablePromo(deps, user, request.promo_code_id, subtotal);
  const totals = priceOrder(lines, shippingRule, promo ? discountTerms(toPromoRules(promo)) : null);
  if (eurosToCents(request.total_amount) !== totals.total) {
    throw new DomainError("PRICE_CHANGED", undefined, { totals: totalsInEuros(totals) });
  }
  return { lines, address, promo, shippingRule, totals };
}

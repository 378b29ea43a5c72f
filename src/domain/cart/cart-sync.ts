/**
 * Brings the stored cart in line with the live catalogue (GET /api/products): a cart saved days ago must not
 * show an old price or more units than are left. Pure: the cart store persists the result, the cart and
 * checkout screens tell the customer what changed. No zod (islands import it).
 */

import { mainImage, type ProductPhoto } from "../catalog/product-photos";
import { centsToDecimalText, eurosToCents } from "../money";
import type { Cart, CartItem, CartReduction } from "./cart";

export interface CatalogEntry {
  id: number;
  name: string;
  price: number;
  weight: string;
  image: string;
  stock: number;
  is_active: boolean;
  /** The owner's photos: the first is the cart line's picture (product-photos.ts). */
  photos?: readonly ProductPhoto[];
  /** The reduction in force, `price` being then the reduced price: the line announces it. */
  reduction?: CartReduction | null;
}

export type CartChange =
  | { kind: "removed"; name: string }
  | { kind: "quantity"; name: string; quantity: number }
  | { kind: "price"; name: string; price: string };

export interface CartSync {
  cart: Cart;
  changes: CartChange[];
}

/**
 * Refreshes every line from the catalogue: name, weight, image, price (the price in force, with the reduction it is
 * announced with) and stock. A product no longer sold or out of stock leaves the cart; a quantity above the stock
 * comes down to it. Returns the same cart object when nothing changed, so the store is not rewritten for nothing.
 */
export function syncCartWithCatalog(cart: Cart, catalog: readonly CatalogEntry[]): CartSync {
  const byId = new Map(catalog.map((product) => [product.id, product]));
  const changes: CartChange[] = [];
  const next: CartItem[] = [];
  let changed = false;
  for (const item of cart) {
    const product = byId.get(item.id);
    if (!product?.is_active || product.stock <= 0) {
      changes.push({ kind: "removed", name: product?.name ?? item.name });
      changed = true;
      continue;
    }
    const price = centsToDecimalText(eurosToCents(product.price));
    const quantity = Math.min(item.quantity, product.stock);
    const fresh: CartItem = {
      id: item.id,
      name: product.name,
      price,
      weight: product.weight,
      image: mainImage(product),
      quantity,
      stock: product.stock,
      ...(product.reduction && {
        reduction: { kind: product.reduction.kind, reference: product.reduction.reference },
      }),
    };
    if (eurosToCents(Number(item.price)) !== eurosToCents(product.price)) {
      changes.push({ kind: "price", name: product.name, price });
    }
    if (quantity !== item.quantity) changes.push({ kind: "quantity", name: product.name, quantity });
    if (
      fresh.name !== item.name ||
      fresh.price !== item.price ||
      fresh.weight !== item.weight ||
      fresh.image !== item.image ||
      fresh.quantity !== item.quantity ||
      fresh.stock !== item.stock ||
      fresh.reduction?.kind !== item.reduction?.kind ||
      fresh.reduction?.reference !== item.reduction?.reference
    ) {
      changed = true;
    }
    next.push(fresh);
  }
  return { cart: changed ? next : cart, changes };
}

export const emptyCartChanges: readonly CartChange[] = [];

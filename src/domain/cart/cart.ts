/**
 * Cart rules (spec 3, 5), pure over an immutable list. No zod on purpose: the header's cart badge imports this on
 * every page, and zod would weigh more than the rest of the island.
 */
import type { ReductionKind } from "../reductions/words";

/** The reduction the line's price was read under, announced beside it: its kind and reference price in euros. */
export interface CartReduction {
  kind: ReductionKind;
  reference: number;
}

export interface CartItem {
  id: number;
  name: string;
  /** Euro text as the spec keeps it ("12.90"); totals are computed in cents elsewhere. */
  price: string;
  weight: string;
  image: string;
  quantity: number;
  stock: number;
  /**
   * Absent when the price was read without a reduction in force. Kept as stored: announcePrice announces only a
   * well-formed one, and this file's every byte is on every page (the header's badge).
   */
  reduction?: CartReduction;
}
export type Cart = readonly CartItem[];

export type CartProduct = Omit<CartItem, "quantity">;

export const emptyCart: Cart = [];

/** Never above stock; nothing is added when out of stock. */
export function addItem(cart: Cart, product: CartProduct, quantity = 1): Cart {
  if (product.stock <= 0) return cart;
  const existing = cart.find((item) => item.id === product.id);
  if (existing) {
    const next = Math.min(existing.quantity + 1, product.stock);
    return cart.map((item) => (item.id === product.id ? { ...product, quantity: next } : item));
  }
  const start = Math.min(Math.max(1, Math.trunc(quantity) || 1), product.stock);
  return [...cart, { ...product, quantity: start }];
}

/** Zero or less removes the line; capped at stock. */
export function updateQuantity(cart: Cart, id: number, quantity: number): Cart {
  const wanted = Math.trunc(quantity);
  if (!(wanted > 0)) return removeItem(cart, id);
  return cart.map((item) => (item.id === id ? { ...item, quantity: Math.min(wanted, item.stock) } : item));
}

export function removeItem(cart: Cart, id: number): Cart {
  return cart.filter((item) => item.id !== id);
}

export function clear(): Cart {
  return emptyCart;
}

export function itemCount(cart: Cart): number {
  return cart.reduce((sum, item) => sum + item.quantity, 0);
}

export function canAddMore(cart: Cart, id: number, stock: number): boolean {
  const inCart = cart.find((item) => item.id === id)?.quantity ?? 0;
  return stock > 0 && inCart < stock;
}

/** Keeps only well-formed lines: a corrupt or outdated entry never breaks a page. */
export function parseStoredCart(value: unknown): Cart {
  if (!Array.isArray(value)) return emptyCart;
  const items: CartItem[] = [];
  for (const candidate of value) {
    if (isCartItem(candidate) && !items.some((item) => item.id === candidate.id)) {
      const { id, name, price, weight, image, quantity, stock, reduction } = candidate;
      items.push({
        id,
        name,
        price,
        weight,
        image,
        quantity,
        stock,
        reduction,
      });
    }
  }
  return items;
}

const positiveInteger = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) > 0;

export function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    positiveInteger(item.id) &&
    positiveInteger(item.quantity) &&
    Number.isSafeInteger(item.stock) &&
    typeof item.name === "string" &&
    typeof item.price === "string" &&
    /^\d+(\.\d{1,2})?$/.test(item.price) &&
    typeof item.weight === "string" &&
    typeof item.image === "string"
  );
}

/**
 * Cart rules (spec 3 "Cart item" and 5 "Add to cart"). Pure functions over an immutable list:
 * the store persists what they return, the cart page and the checkout read it.
 * The price stays the euro text the spec keeps ("12.90"); totals are computed in cents elsewhere.
 * No zod here on purpose: the header's cart badge imports this file on every page, and zod would
 * weigh more than the rest of the island.
 */
export interface CartItem {
  id: number;
  name: string;
  /** Unit price in euros as text, 2 decimals at most ("12.90"). */
  price: string;
  weight: string;
  image: string;
  quantity: number;
  stock: number;
}
export type Cart = readonly CartItem[];

/** What a product page hands to addItem: the item without its quantity. */
export type CartProduct = Omit<CartItem, "quantity">;

export const emptyCart: Cart = [];

/**
 * Adds a product. Already in the cart: +1, never above stock. New: the given quantity (default 1),
 * capped at stock. Nothing is added when the product is out of stock.
 */
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

/** Sets a line's quantity: zero or less removes the line, otherwise capped at the line's stock. */
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

/**
 * Reads a stored cart (any JSON value) and keeps only well-formed lines, so a corrupt or outdated
 * storage entry never breaks a page.
 */
export function parseStoredCart(value: unknown): Cart {
  if (!Array.isArray(value)) return emptyCart;
  const items: CartItem[] = [];
  for (const candidate of value) {
    if (isCartItem(candidate) && !items.some((item) => item.id === candidate.id)) {
      const { id, name, price, weight, image, quantity, stock } = candidate;
      items.push({ id, name, price, weight, image, quantity, stock });
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

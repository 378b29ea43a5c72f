import { persistentAtom } from "@nanostores/persistent";
import { computed } from "nanostores";
import type { Cart, CartProduct } from "../domain/cart/cart";
import * as rules from "../domain/cart/cart";
import { CART_STORAGE_KEY } from "../lib/storage-keys";

function decodeCart(encoded: string): Cart {
  try {
    return rules.parseStoredCart(JSON.parse(encoded));
  } catch {
    return rules.emptyCart;
  }
}

export const $cart = persistentAtom<Cart>(CART_STORAGE_KEY, rules.emptyCart, {
  encode: JSON.stringify,
  decode: decodeCart,
});

export const $cartCount = computed($cart, rules.itemCount);

export function addToCart(product: CartProduct, quantity?: number): void {
  $cart.set(rules.addItem($cart.get(), product, quantity));
}

export function updateCartQuantity(id: number, quantity: number): void {
  $cart.set(rules.updateQuantity($cart.get(), id, quantity));
}

export function removeFromCart(id: number): void {
  $cart.set(rules.removeItem($cart.get(), id));
}

export function clearCart(): void {
  $cart.set(rules.clear());
}

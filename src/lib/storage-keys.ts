/**
 * Where the browser keeps the cart and the applied promo (spec 4: they survive reloads and are shared between tabs).
 * A module of its own, importing nothing: the cart store runs on every page, and a key imported from a module that
 * also reads the promo pulled the checkout's rules into every page's cart chunk (/product/1 went over its 15 KB of
 * scripts). The stores (stores/cart.ts, stores/checkout.ts) and the inline scripts' reader (lib/stored-cart.ts) take
 * the keys from here.
 */
export const CART_STORAGE_KEY = "cart";
export const PROMO_STORAGE_KEY = "applied_promo";

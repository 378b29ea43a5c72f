/**
 * The cart page's actions as events on its content (event delegation): the inline script cart-boot.ts keeps those the
 * shopper makes before the page's module has come, in order, and cart-page.ts plays them when it starts, so a click on
 * a painted button is never lost. Tiny on purpose: the inline script bundles it.
 */

export const CART_ACTION =
  "[data-cart-step],[data-cart-remove],[data-cart-clear],[data-cart-undo],[data-promo-remove]";

/** The promo field's Enter (the empty field's Enter explains why nothing happens: its button is disabled). */
export function isPromoEnter(event: Event): boolean {
  return (
    event.type === "keydown" &&
    (event as KeyboardEvent).key === "Enter" &&
    event.target instanceof HTMLInputElement &&
    event.target.name === "promo_code"
  );
}

export function isCartAction(event: Event): boolean {
  const target = event.target instanceof Element ? event.target : null;
  if (event.type === "click") return Boolean(target?.closest(CART_ACTION));
  if (event.type === "submit") return Boolean(target?.matches("[data-promo-form]"));
  return isPromoEnter(event);
}

type WithEarlyEvents = HTMLElement & { cartEarlyEvents?: Event[] };

/** The list of the actions made before the module, kept on the cart's content element. */
export function earlyCartEvents(root: HTMLElement): Event[] {
  const element = root as WithEarlyEvents;
  element.cartEarlyEvents ??= [];
  return element.cartEarlyEvents;
}

/**
 * The buy box of the prebuilt product pages, without a framework: the build prints it with the React BuyBox (no
 * client directive) inside `<div data-buy-box='{product}'>`, and this module gives that HTML its behaviour. Price
 * and stock are read again once the browser is idle; a failure keeps the build's figures, since the server checks
 * both at checkout. Texts and classes come from lib/buy-box-view.ts, shared with the React BuyBox.
 */

import { productParams, track } from "../../lib/analytics";
import {
  ADDED_FEEDBACK_MS,
  buyBoxState,
  CART_LINK_CLASS,
  CART_LINK_TEXT,
  stockMessage,
} from "../../lib/buy-box-view";
import { fetchProduct } from "../../lib/catalog-client";
import { type BuyBoxProduct, priceLabel, toBuyBoxProduct, toCartProduct } from "../../lib/product-view";
import { $cart, addToCart } from "../../stores/cart";
import { playEarlyTaps } from "../site/early-taps";
import { h, setAttribute, setOwnText, setText, whenLoadedAndIdle } from "./dom";
import { enhanceWaitlist, setWaitlistOpen } from "./waitlist-form";

export function enhanceBuyBox(root: HTMLElement): void {
  let product = JSON.parse(root.dataset.buyBox ?? "") as BuyBoxProduct;
  const builtPrice = product.price;
  let justAdded = false;
  const part = (name: string) => root.querySelector<HTMLElement>(`[data-buy-box-${name}]`);
  // The build's reduction announcement holds for the price it was printed with only.
  const announcement = part("reduction");
  const price = part("price");
  const stock = part("stock");
  const button = part("add") as HTMLButtonElement | null;
  const cartLine = part("cart");
  const status = part("status");
  // The waitlist form of an out-of-stock product, opened or closed with the stock.
  const waitlist = root.querySelector<HTMLFormElement>("form[data-waitlist]");
  if (!button) return;
  if (waitlist) enhanceWaitlist(waitlist);

  const render = (): void => {
    const state = buyBoxState(product, $cart.get(), justAdded);
    setOwnText(price, priceLabel(product.price), "first");
    if (announcement) announcement.hidden = product.price !== builtPrice;

    const message = stockMessage(product);
    if (stock && (stock.textContent !== message.text || stock.className !== message.className)) {
      stock.className = message.className;
      stock.replaceChildren(
        ...(message.dotClassName ? [h("span", { "aria-hidden": "true", class: message.dotClassName })] : []),
        message.text,
      );
    }

    // Disabled only when the product cannot be bought: during the feedback it keeps the focus (aria-disabled).
    button.disabled = !state.purchasable;
    setAttribute(button, "aria-disabled", String(!state.canAdd));
    setAttribute(button, "class", state.buttonClassName);
    setAttribute(button.querySelector("path"), "d", state.iconPath);
    setOwnText(button, state.label, "last");

    const note = state.cartNote ? `${state.cartNote} ${CART_LINK_TEXT}` : "";
    if (cartLine && cartLine.textContent !== note) {
      cartLine.replaceChildren(
        ...(state.cartNote
          ? [`${state.cartNote} `, h("a", { href: "/cart", class: CART_LINK_CLASS }, CART_LINK_TEXT)]
          : []),
      );
    }
    setText(status, state.status);
    setWaitlistOpen(waitlist, product.is_active && product.stock <= 0);
  };

  button.addEventListener("click", () => {
    if (!buyBoxState(product, $cart.get(), justAdded).canAdd) return;
    justAdded = true;
    // The cart's subscription renders the box once, with the feedback (a second render doubled the work).
    addToCart(toCartProduct(product));
    track("add_to_cart", productParams(product));
    window.setTimeout(() => {
      justAdded = false;
      render();
    }, ADDED_FEEDBACK_MS);
  });

  // Analytics (spec 7): one view_item for the product shown.
  track("view_item", productParams(product));
  // Renders now with the stored cart, then on every change of it.
  $cart.subscribe(render);
  whenLoadedAndIdle(() =>
    fetchProduct(product.id).then(
      (fresh) => {
        product = fresh ? toBuyBoxProduct(fresh) : { ...product, is_active: false };
        render();
      },
      () => undefined,
    ),
  );
  // The button works from here on (the page's scripts come after its first paint).
  root.dataset.ready = "";
}

for (const root of document.querySelectorAll<HTMLElement>("[data-buy-box]")) enhanceBuyBox(root);
// What was tapped before this module came (the head's inline script kept it).
playEarlyTaps("buy-box");
playEarlyTaps("waitlist");

/**
 * What the buy box shows for a product, a cart and the add-to-cart feedback: texts, classes and states, written
 * once for its two renderings: the React BuyBox (static HTML of the prebuilt pages, the shell page's island) and the
 * framework-free script that brings the prebuilt pages' static HTML to life (src/scripts/storefront/buy-box.ts).
 * No dependency on React: the content pages ship this file without a framework runtime.
 */
import { type Cart, canAddMore } from "../domain/cart/cart";
import { isPurchasable, stockState } from "../domain/catalog/product-rules";
import type { BuyBoxProduct } from "./product-view";

/** Feedback time of the add-to-cart button (spec 4: 'Ajouté au panier!' for 1 s). */
export const ADDED_FEEDBACK_MS = 1000;

export const ADD_LABEL = "Ajouter au panier";
export const ADDED_LABEL = "Ajouté au panier!";

/** The button's two icons (a bag, then a check mark while the feedback shows). */
export const BAG_ICON_PATH =
  "M5 7h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9L5 7ZM9 10V6a3 3 0 0 1 6 0v4";
export const CHECK_ICON_PATH = "M5 12.5l4.5 4.5L19 7.5";

export const CART_LINK_CLASS = "rounded-sm font-medium text-olive-700 underline underline-offset-4";
export const CART_LINK_TEXT = "Voir le panier";

/** The stock line: its text, its classes and its coloured dot (none when the product is no longer sold). */
export interface StockMessageView {
  text: string;
  className: string;
  dotClassName: string | null;
}

const STOCK_BASE = "mt-3 flex min-h-7 items-center gap-2 font-semibold";
const DOT_BASE = "inline-block size-2.5 rounded-full";

export function stockMessage(
  product: Pick<BuyBoxProduct, "is_active" | "stock" | "low_stock_threshold">,
): StockMessageView {
  if (!product.is_active) {
    return {
      text: "Ce produit n'est plus disponible",
      className: `${STOCK_BASE} text-alert`,
      dotClassName: null,
    };
  }
  const state = stockState(product.stock, product.low_stock_threshold);
  if (state === "out_of_stock") {
    return {
      text: "Rupture de Stock",
      className: `${STOCK_BASE} text-alert`,
      dotClassName: `${DOT_BASE} bg-alert`,
    };
  }
  if (state === "low") {
    return {
      text: `Plus que ${product.stock} en stock !`,
      className: `${STOCK_BASE} text-warning`,
      dotClassName: `${DOT_BASE} bg-warning`,
    };
  }
  return {
    text: "En stock, expédié sous 24-48 h",
    className: `${STOCK_BASE} text-olive-700`,
    dotClassName: `${DOT_BASE} bg-olive-500`,
  };
}

export interface BuyBoxState {
  /** Active and in stock: the button is enabled (`disabled` otherwise). */
  purchasable: boolean;
  inCart: number;
  /** One more unit fits in the stock. */
  roomLeft: boolean;
  /** A click adds one now (`aria-disabled` otherwise, e.g. during the feedback). */
  canAdd: boolean;
  /** The button's text and the status message for screen readers ("" when none). */
  label: string;
  status: string;
  buttonClassName: string;
  iconPath: string;
  /** The line under the button ("" when the product is not in the cart), followed by a link to the cart. */
  cartNote: string;
}

export function buyBoxState(
  product: Pick<BuyBoxProduct, "id" | "stock" | "is_active">,
  cart: Cart,
  justAdded: boolean,
): BuyBoxState {
  const purchasable = isPurchasable(product);
  const inCart = cart.find((item) => item.id === product.id)?.quantity ?? 0;
  const roomLeft = canAddMore(cart, product.id, product.stock);
  return {
    purchasable,
    inCart,
    roomLeft,
    canAdd: purchasable && roomLeft && !justAdded,
    label: justAdded ? ADDED_LABEL : ADD_LABEL,
    status: justAdded ? ADDED_LABEL : "",
    buttonClassName: `btn mt-4 w-full text-lg ${justAdded ? "bg-olive-600 text-cream-50" : "btn-primary"}`,
    iconPath: justAdded ? CHECK_ICON_PATH : BAG_ICON_PATH,
    cartNote:
      inCart === 0
        ? ""
        : roomLeft
          ? `Déjà ${inCart} dans votre panier.`
          : `Vous avez déjà tout le stock disponible dans votre panier (${inCart}).`,
  };
}

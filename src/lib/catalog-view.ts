/**
 * The home page's product grid and cards (spec 2, "Home"): texts and classes written once for the React
 * ProductGrid / ProductCard (rendered to static HTML by the build) and the framework-free
 * src/scripts/storefront/product-grid.ts, which refreshes that HTML from GET /api/products. No framework, no zod.
 */
import { type ProductPhoto, photoSrc } from "../domain/catalog/product-photos";

export const GRID_LIST_CLASS = "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8";

/** How many cards are above the fold on a large screen: their images load eagerly. */
export const EAGER_CARDS = 3;

/** What the grid shows instead of cards: while the first load runs, after it failed, when nothing is on sale. */
export interface GridMessage {
  text: string;
  className: string;
  role: "status" | "alert" | null;
}

export const LOADING_MESSAGE: GridMessage = {
  text: "Chargement des produits...",
  className: "py-16 text-center text-lg text-ink-soft",
  role: "status",
};

export const EMPTY_MESSAGE: GridMessage = {
  text: "Aucun savon n'est disponible pour le moment.",
  className: "py-16 text-center text-lg text-ink-soft",
  role: null,
};

/** Spec 8: 'Erreur: {message}', the message being the error's, else 'Failed to fetch products'. */
export function loadErrorMessage(error: unknown): GridMessage {
  const message = error instanceof Error && error.message ? error.message : "Failed to fetch products";
  return { text: `Erreur: ${message}`, className: "py-16 text-center text-lg text-alert", role: "alert" };
}

export function cardTitleId(productId: number): string {
  return `product-${productId}-name`;
}

/** The card's picture: laid out a third, a half or the whole of the width. */
export const CARD_IMAGE_WIDTH = 640;
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw";
export const CARD_IMAGE_CLASS = "aspect-square w-full bg-cream-100 object-cover";

/** What a card shows as its picture: the product's first photo (a <picture>), else its image URL (an <img>). */
export interface CardImage {
  photo: ProductPhoto | null;
  src: string;
  alt: string;
}

export function cardImage(product: {
  id: number;
  name: string;
  image: string;
  photos?: readonly ProductPhoto[];
}): CardImage {
  const photo = product.photos?.[0];
  return photo
    ? { photo, src: photoSrc(product.id, photo, CARD_IMAGE_WIDTH), alt: photo.alt }
    : { photo: null, src: product.image, alt: product.name };
}

/** The card's button: to the product page while in stock (spec: 'Voir le Produit'), else 'Rupture de Stock'. */
export const VIEW_PRODUCT_TEXT = "Voir le Produit";
export const VIEW_PRODUCT_CLASS = "btn btn-primary w-full";
export const SOLD_OUT_TEXT = "Rupture de Stock";
export const SOLD_OUT_CLASS = "btn w-full";

export function productPath(productId: number): string {
  return `/product/${productId}`;
}

/** The hidden end of the link's name, telling the cards' links apart. */
export function viewProductDetail(name: string): string {
  return ` : ${name}`;
}

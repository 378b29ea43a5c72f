/**
 * The home page's product grid, without a framework: the build prints the cards with the React ProductGrid (no
 * client directive), plus an empty card in `<template data-product-card-template>`. The grid sits below the first
 * screen, so GET /api/products is read only as it nears the viewport (or 2 s after load when idle), off the critical
 * path, and the cards brought up to date. A failed refresh keeps what the build printed. Every card line has a fixed
 * height, so a refresh never moves the layout.
 */

import { PHOTO_FORMATS, photoSrcset, scaledHeight } from "../../domain/catalog/product-photos";
import type { ProductView } from "../../domain/catalog/product-rules";
import { unitPriceText } from "../../domain/catalog/unit-price";
import { announcePrice } from "../../domain/reductions/announce";
import { fetchProducts } from "../../lib/catalog-client";
import {
  CARD_IMAGE_CLASS,
  CARD_IMAGE_SIZES,
  CARD_IMAGE_WIDTH,
  cardImage,
  cardTitleId,
  EAGER_CARDS,
  EMPTY_MESSAGE,
  GRID_LIST_CLASS,
  type GridMessage,
  loadErrorMessage,
  productPath,
  SOLD_OUT_CLASS,
  SOLD_OUT_TEXT,
  VIEW_PRODUCT_CLASS,
  VIEW_PRODUCT_TEXT,
  viewProductDetail,
} from "../../lib/catalog-view";
import { reductionHtml } from "../../lib/price-announcement-view";
import { priceLabel } from "../../lib/product-view";
import { productJsonLd, serializeJsonLd } from "../../lib/structured-data";
import { h, setAttribute, setOwnText, setText, whenLoadedAndIdle } from "./dom";

const CARD = "[data-product-card]";

/**
 * The card's picture: kept when it already shows the right image, else replaced (a photo added or changed since the
 * build, a card cloned from the template), as ProductCard prints it: the first photo's <picture> (AVIF and WebP at
 * every stored width), else an <img> of the image URL. The <img>'s address is set last, once the sources are there.
 */
function fillMedia(media: Element | null, product: ProductView, eager: boolean): void {
  const current = media?.firstElementChild;
  const wanted = cardImage(product);
  const img = current?.tagName === "PICTURE" ? current.querySelector("img") : current;
  if (
    !media ||
    !current ||
    (img?.getAttribute("src") === wanted.src && img.getAttribute("alt") === wanted.alt)
  )
    return;
  const { photo } = wanted;
  const next = h("img", {
    loading: eager ? "eager" : "lazy",
    decoding: "async",
    alt: wanted.alt,
    width: photo ? CARD_IMAGE_WIDTH : 800,
    height: photo ? scaledHeight(photo, CARD_IMAGE_WIDTH) : 800,
    class: CARD_IMAGE_CLASS,
  });
  const picture = photo
    ? h(
        "picture",
        {},
        ...PHOTO_FORMATS.map((format) =>
          h("source", {
            type: `image/${format}`,
            srcset: photoSrcset(product.id, photo, format),
            sizes: CARD_IMAGE_SIZES,
          }),
        ),
        next,
      )
    : next;
  current.replaceWith(picture);
  next.src = wanted.src;
}

/** The card's button: a link to the product page while in stock, else the disabled 'Rupture de Stock'. */
function fillAction(action: Element | null, product: ProductView): void {
  if (!action) return;
  const current = action.firstElementChild;
  if (product.stock > 0) {
    const href = productPath(product.id);
    if (current?.tagName === "A" && current.getAttribute("href") === href) {
      setText(current.lastElementChild, viewProductDetail(product.name));
      return;
    }
    action.replaceChildren(
      h(
        "a",
        { href, class: VIEW_PRODUCT_CLASS },
        VIEW_PRODUCT_TEXT,
        h("span", { class: "sr-only" }, viewProductDetail(product.name)),
      ),
    );
  } else if (current?.tagName !== "BUTTON") {
    action.replaceChildren(
      h("button", { type: "button", disabled: true, class: SOLD_OUT_CLASS }, SOLD_OUT_TEXT),
    );
  }
}

/** Writes a product into a card (printed by the build or cloned from the template). */
export function fillCard(card: HTMLElement, product: ProductView, siteUrl: string, eager: boolean): void {
  const find = (name: string) => card.querySelector(`[data-card-${name}]`);
  const titleId = cardTitleId(product.id);
  card.dataset.productCard = String(product.id);
  setAttribute(card, "aria-labelledby", titleId);
  const title = find("name");
  if (title) title.id = titleId;
  setText(title, product.name);
  setText(find("price"), priceLabel(product.price));
  setText(find("unit-price"), unitPriceText(product));
  const reduction = find("reduction");
  const announced = reductionHtml(announcePrice(product).reduction);
  if (reduction && (announced.value || reduction.firstChild)) reduction.innerHTML = announced.value;
  setOwnText(find("weight"), product.weight, "last");
  setText(find("description"), product.description);
  fillMedia(find("media"), product, eager);
  fillAction(find("action"), product);
  let data = card.querySelector('script[type="application/ld+json"]');
  if (!data) {
    data = h("script", { type: "application/ld+json" });
    card.append(data);
  }
  setText(data, serializeJsonLd(productJsonLd(product, siteUrl)));
}

function showMessage(root: HTMLElement, message: GridMessage): void {
  root.replaceChildren(h("p", { role: message.role, class: message.className }, message.text));
}

/** Brings the grid to `products`, in their order: existing cards updated in place, new ones cloned, others removed. */
export function renderGrid(
  root: HTMLElement,
  template: HTMLTemplateElement,
  products: readonly ProductView[],
  siteUrl: string,
): void {
  if (products.length === 0) {
    showMessage(root, EMPTY_MESSAGE);
    return;
  }
  let list = root.querySelector("ul");
  if (!list) {
    list = h("ul", { class: GRID_LIST_CLASS });
    root.replaceChildren(list);
  }
  const items = new Map<string, HTMLElement>();
  for (const item of list.children) {
    const id = item.querySelector<HTMLElement>(CARD)?.dataset.productCard;
    if (id) items.set(id, item as HTMLElement);
  }
  // A cursor over the list: an item already in its place stays there (a focused link keeps its focus).
  let next = list.firstElementChild;
  products.forEach((product, index) => {
    let item = items.get(String(product.id));
    items.delete(String(product.id));
    const card = item?.querySelector<HTMLElement>(CARD);
    if (item && card) fillCard(card, product, siteUrl, index < EAGER_CARDS);
    else {
      item = template.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined;
      const fresh = item?.querySelector<HTMLElement>(CARD);
      if (!item || !fresh) return;
      fillCard(fresh, product, siteUrl, index < EAGER_CARDS);
    }
    if (item === next) next = next.nextElementSibling;
    else list.insertBefore(item, next);
  });
  // Whatever is left after the last product: the cards of products no longer on sale.
  while (next) {
    const gone = next;
    next = next.nextElementSibling;
    gone.remove();
  }
}

/** The grid is refreshed as it comes this near the viewport… */
const NEAR_VIEWPORT = "600px 0px";
/** …and at the latest this long after load, for a visitor who reads without scrolling (a screen reader's). */
const REFRESH_DEADLINE_MS = 2000;

export function enhanceProductGrid(root: HTMLElement, template: HTMLTemplateElement): void {
  const siteUrl = root.dataset.siteUrl ?? location.origin;
  const printed = root.querySelector(CARD) !== null;
  let started = false;
  const refresh = () => {
    if (started) return;
    started = true;
    near.disconnect();
    fetchProducts().then(
      (products) => renderGrid(root, template, products, siteUrl),
      (error: unknown) => {
        // The build's cards stay; the loading text gives way to the error.
        if (!printed) showMessage(root, loadErrorMessage(error));
      },
    );
  };
  const near = new IntersectionObserver(
    (entries) => entries.some((entry) => entry.isIntersecting) && refresh(),
    {
      rootMargin: NEAR_VIEWPORT,
    },
  );
  near.observe(root);
  whenLoadedAndIdle(refresh, REFRESH_DEADLINE_MS);
}

const root = document.querySelector<HTMLElement>("[data-product-grid]");
const template = document.querySelector<HTMLTemplateElement>("template[data-product-card-template]");
if (root && template) enhanceProductGrid(root, template);

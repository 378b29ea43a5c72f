import { unitPriceText } from "../../domain/catalog/cosmetics";
import type { Product } from "../../domain/catalog/product";
import { announcePrice } from "../../domain/reductions/announce";
import {
  CARD_IMAGE_CLASS,
  CARD_IMAGE_SIZES,
  CARD_IMAGE_WIDTH,
  cardImage,
  cardTitleId,
  productPath,
  SOLD_OUT_CLASS,
  SOLD_OUT_TEXT,
  VIEW_PRODUCT_CLASS,
  VIEW_PRODUCT_TEXT,
  viewProductDetail,
} from "../../lib/catalog-view";
import { priceLabel } from "../../lib/product-view";
import type { SummaryView } from "../../lib/review-view";
import { productJsonLd, serializeJsonLd } from "../../lib/structured-data";
import { PriceAnnouncement } from "./PriceAnnouncement";
import { ProductPicture } from "./ProductPicture";

export type CardProduct = Pick<
  Product,
  "id" | "name" | "price" | "weight" | "image" | "description" | "category" | "stock"
> &
  Partial<Pick<Product, "net_weight_g" | "reference" | "gtin" | "photos" | "reduction">>;

interface Props {
  product: CardProduct;
  siteUrl: string;
  /** The first cards are above the fold on large screens: load their images eagerly. */
  eager?: boolean;
  /** The card's schema.org data; left out of the empty card the home page keeps as a template. */
  structuredData?: boolean;
  /** The published reviews' average and count, when there are any (printed by the build, kept by the refresh). */
  rating?: SummaryView | null;
}

/**
 * A card of the home grid (spec 2, "Home"). Every line has a fixed height (clamped description, fixed button)
 * so a refreshed price or stock never moves the layout. Rendered to static HTML by the build; the `data-card-*`
 * elements are the ones src/scripts/storefront/product-grid.ts refreshes (texts and classes in lib/catalog-view.ts).
 */
export function ProductCard({ product, siteUrl, eager = false, structuredData = true, rating }: Props) {
  const inStock = product.stock > 0;
  const titleId = cardTitleId(product.id);
  const image = cardImage(product);
  return (
    <article
      aria-labelledby={titleId}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-cream-300 bg-white shadow-sm transition-shadow hover:shadow-md"
      data-product-card={product.id}
    >
      <div className="relative" data-card-media>
        {image.photo ? (
          <ProductPicture
            productId={product.id}
            photo={image.photo}
            width={CARD_IMAGE_WIDTH}
            sizes={CARD_IMAGE_SIZES}
            loading={eager ? "eager" : "lazy"}
            className={CARD_IMAGE_CLASS}
          />
        ) : (
          <img
            src={image.src}
            alt={image.alt}
            width={800}
            height={800}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className={CARD_IMAGE_CLASS}
          />
        )}
        <span
          lang="en"
          className="absolute top-3 left-3 rounded-full bg-olive-800/90 px-3 py-1 text-xs font-semibold text-cream-50 shadow"
        >
          25% premium bay oil
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex min-h-14 items-start justify-between gap-3">
          <h3
            id={titleId}
            className="font-serif text-xl leading-snug font-semibold text-olive-900"
            data-card-name
          >
            {product.name}
          </h3>
          <div className="shrink-0 text-right">
            <p className="font-serif text-xl font-semibold text-crust-800 tabular-nums" data-card-price>
              {priceLabel(product.price)}
            </p>
            {/* Unit price next to the price (arrêté du 16 novembre 1999). */}
            <p data-testid="unit-price" className="text-xs text-ink-soft tabular-nums" data-card-unit-price>
              {unitPriceText(product)}
            </p>
          </div>
        </div>
        {/* Filled again by the cards' refresh, which prints the same markup (lib/price-announcement-view.ts). */}
        <div data-card-reduction="">
          <PriceAnnouncement reduction={announcePrice(product).reduction} />
        </div>
        <p className="mt-1 text-sm text-ink-soft" data-card-weight>
          <span className="sr-only">Poids : </span>
          {product.weight}
        </p>
        {rating && (
          <p className="mt-1 flex items-center gap-2 text-sm text-ink" data-card-rating>
            <span aria-hidden="true" className="tracking-wider text-crust-600">
              {rating.stars.map((on) => (on ? "★" : "☆")).join("")}
            </span>
            <span>
              <span className="sr-only">Avis clients : </span>
              {rating.text}
            </span>
          </p>
        )}
        <p
          className="mt-3 line-clamp-3 min-h-[4.5rem] text-[0.95rem] leading-6 text-ink-soft"
          data-card-description
        >
          {product.description}
        </p>
        <div className="mt-auto pt-5" data-card-action>
          {inStock ? (
            <a href={productPath(product.id)} className={VIEW_PRODUCT_CLASS}>
              {VIEW_PRODUCT_TEXT}
              <span className="sr-only">{viewProductDetail(product.name)}</span>
            </a>
          ) : (
            <button type="button" disabled className={SOLD_OUT_CLASS}>
              {SOLD_OUT_TEXT}
            </button>
          )}
        </div>
      </div>
      {structuredData && (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, serialized with "<" escaped.
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(productJsonLd(product, siteUrl)) }}
        />
      )}
    </article>
  );
}

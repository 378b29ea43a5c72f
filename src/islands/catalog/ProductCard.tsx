import { unitPriceText } from "../../domain/cosmetics";
import type { Product } from "../../domain/product";
import { priceLabel } from "../../lib/product-view";
import { productJsonLd, serializeJsonLd } from "../../lib/structured-data";
import { ProductPicture } from "./ProductPicture";

export type CardProduct = Pick<
  Product,
  "id" | "name" | "price" | "weight" | "image" | "description" | "category" | "stock"
> &
  Partial<Pick<Product, "net_weight_g" | "reference" | "gtin" | "photos">>;

interface Props {
  product: CardProduct;
  siteUrl: string;
  /** The first cards are above the fold on large screens: load their images eagerly. */
  eager?: boolean;
}

/**
 * A card of the home grid (spec 2, "Home"). Every line has a fixed height (clamped description, fixed button)
 * so a refreshed price or stock never moves the layout.
 */
export function ProductCard({ product, siteUrl, eager = false }: Props) {
  const inStock = product.stock > 0;
  const titleId = `product-${product.id}-name`;
  return (
    <article
      aria-labelledby={titleId}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-cream-300 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative">
        {product.photos?.[0] ? (
          <ProductPicture
            productId={product.id}
            photo={product.photos[0]}
            width={640}
            sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
            loading={eager ? "eager" : "lazy"}
            className="aspect-square w-full bg-cream-100 object-cover"
          />
        ) : (
          <img
            src={product.image}
            alt={product.name}
            width={800}
            height={800}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="aspect-square w-full bg-cream-100 object-cover"
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
          <h3 id={titleId} className="font-serif text-xl leading-snug font-semibold text-olive-900">
            {product.name}
          </h3>
          <div className="shrink-0 text-right">
            <p className="font-serif text-xl font-semibold text-crust-800 tabular-nums">
              {priceLabel(product.price)}
            </p>
            {/* Unit price next to the price (arrêté du 16 novembre 1999). */}
            <p data-testid="unit-price" className="text-xs text-ink-soft tabular-nums">
              {unitPriceText(product)}
            </p>
          </div>
        </div>
        <p className="mt-1 text-sm text-ink-soft">
          <span className="sr-only">Poids : </span>
          {product.weight}
        </p>
        <p className="mt-3 line-clamp-3 min-h-[4.5rem] text-[0.95rem] leading-6 text-ink-soft">
          {product.description}
        </p>
        <div className="mt-auto pt-5">
          {inStock ? (
            <a href={`/product/${product.id}`} className="btn btn-primary w-full">
              Voir le Produit
              <span className="sr-only"> : {product.name}</span>
            </a>
          ) : (
            <button type="button" disabled className="btn w-full">
              Rupture de Stock
            </button>
          )}
        </div>
      </div>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, serialized with "<" escaped.
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(productJsonLd(product, siteUrl)) }}
      />
    </article>
  );
}

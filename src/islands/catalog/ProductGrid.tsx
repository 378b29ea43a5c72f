import { EAGER_CARDS, GRID_LIST_CLASS, LOADING_MESSAGE } from "../../lib/catalog-view";
import type { SummaryView } from "../../lib/review-view";
import { type CardProduct, ProductCard } from "./ProductCard";

interface Props {
  products: CardProduct[];
  /** Public origin, for absolute URLs in structured data. */
  siteUrl: string;
  /** Each product's reviews summary, by id: only products with published reviews. */
  ratings?: ReadonlyMap<number, SummaryView>;
}

/**
 * The home page's product grid (1/2/3 columns), rendered to static HTML with the build's data (no client
 * directive, no framework in the browser). After load, src/scripts/storefront/product-grid.ts refreshes it from
 * GET /api/products so price, stock and the active list are current. When the build had no product to print, the
 * grid says the products are loading until that script shows them, or 'Erreur: {message}' (lib/catalog-view.ts).
 */
export default function ProductGrid({ products, siteUrl, ratings }: Props) {
  if (products.length === 0) {
    return (
      <p role={LOADING_MESSAGE.role ?? undefined} className={LOADING_MESSAGE.className}>
        {LOADING_MESSAGE.text}
      </p>
    );
  }
  return (
    <ul className={GRID_LIST_CLASS}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            siteUrl={siteUrl}
            eager={index < EAGER_CARDS}
            rating={ratings?.get(product.id)}
          />
        </li>
      ))}
    </ul>
  );
}

import { useEffect, useState } from "react";
import { fetchProducts } from "../../lib/catalog-client";
import { type CardProduct, ProductCard } from "./ProductCard";

interface Props {
  /** Products printed by the static build; the island refreshes them from GET /api/products after load. */
  initialProducts: CardProduct[];
  /** Public origin, for absolute URLs in structured data. */
  siteUrl: string;
}

type State =
  | { status: "ready"; products: CardProduct[] }
  | { status: "loading" }
  | { status: "error"; message: string };

/**
 * The home page's product grid (1/2/3 columns). Server-rendered with the build's data, then refreshed so
 * price, stock and the active list are current. A failed refresh keeps what the build printed; the spec's
 * loading and error texts only show when the build had no product to print.
 */
export default function ProductGrid({ initialProducts, siteUrl }: Props) {
  const [state, setState] = useState<State>(
    initialProducts.length > 0 ? { status: "ready", products: initialProducts } : { status: "loading" },
  );
  const hadInitialProducts = initialProducts.length > 0;

  useEffect(() => {
    const controller = new AbortController();
    fetchProducts(controller.signal)
      .then((products) => setState({ status: "ready", products }))
      .catch((error: unknown) => {
        if (controller.signal.aborted || hadInitialProducts) return;
        const message = error instanceof Error && error.message ? error.message : "Failed to fetch products";
        setState({ status: "error", message });
      });
    return () => controller.abort();
  }, [hadInitialProducts]);

  if (state.status === "loading") {
    return (
      <p role="status" className="py-16 text-center text-lg text-ink-soft">
        Chargement des produits...
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <p role="alert" className="py-16 text-center text-lg text-alert">
        Erreur: {state.message}
      </p>
    );
  }
  if (state.products.length === 0) {
    return (
      <p className="py-16 text-center text-lg text-ink-soft">Aucun savon n'est disponible pour le moment.</p>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
      {state.products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} siteUrl={siteUrl} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}

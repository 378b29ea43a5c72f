import { useEffect, useState } from "react";
import { type ProductView as Product, parseProductRouteId } from "../../domain/catalog/product-rules";
import { fetchProduct } from "../../lib/catalog-client";
import { type ShippingInfo, toBuyBoxProduct } from "../../lib/product-view";
import BuyBox from "./BuyBox";
import { type Manufacturer, ProductDetail } from "./ProductDetail";
import { ProductGallery } from "./ProductGallery";

interface Props {
  shipping: ShippingInfo;
  /** Shop name, for the document title once the product is known. */
  shopName: string;
  /** From the company settings at build time, for the « Sécurité du produit » block. */
  manufacturer: Manufacturer;
}

type State =
  | { status: "loading" }
  | { status: "ready"; product: Product }
  | { status: "not_found" }
  | { status: "error"; message: string };

/**
 * The id of /product/{id}: the path segment after /product/, parsed as the spec says (integer, default 1).
 * The edge serves the shell under the asked address (docs/decisions/028); `?id=` (the older AWS redirect) still works.
 */
export function productIdFromPath(pathname: string, search = ""): number {
  const fromQuery = new URLSearchParams(search).get("id");
  if (fromQuery !== null && /\/product\/?$/.test(pathname)) return parseProductRouteId(fromQuery);
  const match = /\/product\/([^/?#]*)/.exec(pathname);
  return parseProductRouteId(match?.[1]);
}

/**
 * Product page for products without a prebuilt page (created after the build): the server answers any
 * /product/{x} it has no file for with this shell, which reads the product from the API.
 */
export default function ProductShell({ shipping, shopName, manufacturer }: Props) {
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    const id = productIdFromPath(window.location.pathname, window.location.search);
    // Show the product's own address when the router sent us here as /product/?id=N.
    if (window.location.search) window.history.replaceState(null, "", `/product/${id}`);
    fetchProduct(id, controller.signal)
      .then((product) => {
        setState(product ? { status: "ready", product } : { status: "not_found" });
        document.title = `${product ? `${product.name} (${product.weight})` : "Produit non trouvé"} | ${shopName}`;
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: "error",
          message: error instanceof Error ? error.message : "Failed to fetch products",
        });
      });
    return () => controller.abort();
  }, [shopName]);

  if (state.status === "ready") {
    return (
      <ProductDetail
        product={state.product}
        shipping={shipping}
        manufacturer={manufacturer}
        buyBox={<BuyBox product={toBuyBoxProduct(state.product)} />}
        gallery={
          state.product.photos?.length ? (
            <ProductGallery
              productId={state.product.id}
              name={state.product.name}
              photos={state.product.photos}
            />
          ) : undefined
        }
      />
    );
  }
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-4 py-16 text-center">
      {/* The prebuilt page's heading until the product is read (every page has its <h1>). */}
      {state.status === "loading" && (
        <>
          <h1 className="sr-only">Nos savons d'Alep</h1>
          <p role="status" className="text-lg text-ink-soft">
            Chargement du produit...
          </p>
        </>
      )}
      {state.status === "not_found" && (
        <>
          <h1 className="font-serif text-3xl font-semibold text-olive-900">Produit non trouvé</h1>
          <p className="mt-3 text-ink-soft">Ce savon n'existe pas ou n'est plus proposé à la vente.</p>
          <a href="/" className="btn btn-primary mt-6">
            Retour à l'accueil
          </a>
        </>
      )}
      {state.status === "error" && (
        <>
          <p role="alert" className="text-lg text-alert">
            Erreur: {state.message}
          </p>
          <a href="/" className="btn btn-secondary mt-6">
            Retour à l'accueil
          </a>
        </>
      )}
    </div>
  );
}

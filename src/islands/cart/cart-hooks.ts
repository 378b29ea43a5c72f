import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { type CartChange, emptyCartChanges } from "../../domain/cart/cart-sync";
import { type Cents, centsToEuros } from "../../domain/money";
import { type AppliedPromo, checkoutMessages, promoNeedsRevalidation } from "../../domain/orders/checkout";
import { fetchProducts } from "../../lib/catalog-client";
import { validatePromoCode } from "../../lib/shop-client";
import { $appliedPromo, applyPromo, clearPromo, syncCart } from "../../stores/checkout";

/** True once the island runs in the browser with the stored cart (the static HTML knows no cart). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Refreshes the cart's lines from GET /api/products once the page is up, and reports what changed (price,
 * quantity brought down to the stock, product gone). A failed call keeps the stored cart: the server checks
 * everything again when the order is placed. `attempt` reruns it (after a 409 of the checkout).
 */
export function useCatalogSync(enabled: boolean, attempt = 0): readonly CartChange[] {
  const [changes, setChanges] = useState<readonly CartChange[]>(emptyCartChanges);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt refreshes again
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetchProducts(controller.signal)
      .then((products) => setChanges(syncCart(products)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [enabled, attempt]);
  return changes;
}

/**
 * Asks the server again for the applied promo's discount when the subtotal changed since it was validated
 * (a percentage's cap, the minimum order): a code that no longer applies is removed with the server's reason.
 */
export function usePromoRevalidation(
  subtotal: Cents,
  active: boolean,
  onRejected: (message: string) => void,
) {
  const promo = useStore($appliedPromo, { ssr: () => undefined });
  useEffect(() => {
    if (!active || !promo || subtotal <= 0 || !promoNeedsRevalidation(promo, subtotal)) return;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      validatePromoCode(promo.code, centsToEuros(subtotal))
        .then((result) => {
          if (cancelled || $appliedPromo.get()?.id !== promo.id) return;
          if (result.valid) {
            applyPromo({ ...result.promo, subtotal_amount: centsToEuros(subtotal) } satisfies AppliedPromo);
          } else {
            clearPromo();
            onRejected(result.error || checkoutMessages.promoInvalid);
          }
        })
        // Offline: the discount is computed locally meanwhile; the order request is checked by the server.
        .catch(() => undefined);
    }, 300);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [promo, subtotal, active, onRejected]);
}

/** French sentence for a change the catalogue refresh made to the cart. */
export function describeCartChange(change: CartChange): string {
  switch (change.kind) {
    case "removed":
      return `« ${change.name} » n'est plus disponible et a été retiré de votre panier.`;
    case "quantity":
      return `La quantité de « ${change.name} » a été ramenée à ${change.quantity} (stock disponible).`;
    case "price":
      return `Le prix de « ${change.name} » a été mis à jour.`;
  }
}

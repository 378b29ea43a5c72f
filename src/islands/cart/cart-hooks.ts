/**
 * The React side of the cart's companions, for the checkout island: the work itself is framework-free in
 * stores/checkout.ts (refreshCartFromCatalog, revalidatePromoSoon) and its words in lib/cart-view.ts, shared with
 * the framework-free cart page (src/scripts/storefront/cart-page.ts).
 */
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { type CartChange, emptyCartChanges } from "../../domain/cart/cart-sync";
import type { Cents } from "../../domain/money";
import { $appliedPromo, refreshCartFromCatalog, revalidatePromoSoon } from "../../stores/checkout";

export { describeCartChange } from "../../lib/cart-view";

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
    refreshCartFromCatalog(controller.signal)
      .then(setChanges)
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
    if (!active) return;
    return revalidatePromoSoon(promo, subtotal, onRejected);
  }, [promo, subtotal, active, onRejected]);
}

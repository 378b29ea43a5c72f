import { useStore } from "@nanostores/react";
import { $cartCount } from "../../stores/cart";

/**
 * Item count on the header's cart link, shown when above 0. The static HTML has no badge (the cart lives
 * in the visitor's browser), so the server snapshot is 0 and the stored count appears right after hydration.
 */
export default function CartBadge() {
  const count = useStore($cartCount, { ssr: () => 0 });
  if (count <= 0) return null;
  const label = count === 1 ? "1 article" : `${count} articles`;
  return (
    <>
      <span
        aria-hidden="true"
        className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-crust-800 px-1 text-xs font-bold text-cream-50 ring-2 ring-cream-50"
      >
        {count > 99 ? "99+" : count}
      </span>
      <span className="sr-only">{` (${label})`}</span>
    </>
  );
}

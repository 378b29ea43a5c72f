import { lazy, Suspense } from "react";
import type { Order } from "../../lib/shop-client";

/** Fetched only for an order that has a line charged under a reduction: the order pages load without it. */
const LineReductionNote = lazy(() => import("./LineReductionNote"));

/** Under a line, the reduction it was charged under, in the pages' words; nothing for a line at its price. */
export function LineReductionSlot({ item }: { item: Order["items"][number] }) {
  return item.reduction ? (
    <Suspense fallback={null}>
      <LineReductionNote item={item} />
    </Suspense>
  ) : null;
}

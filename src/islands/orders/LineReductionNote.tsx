import { announcementLead, orderItemAnnouncement } from "../../domain/orders/line-reduction";
import type { Order } from "../../lib/shop-client";

/**
 * Under a line charged under a reduction, the pages' words: « Soldes -20 % : 10,00 € au lieu de » the reference
 * struck through, and its mention. Fetched only for an order that has such a line (lazily, by the pages that list lines).
 */
export default function LineReductionNote({ item }: { item: Order["items"][number] }) {
  const words = orderItemAnnouncement(item);
  if (!words) return null;
  return (
    <>
      <span className="block text-sm text-ink-soft tabular-nums">
        {announcementLead(words)} <s>{words.reference}</s>
      </span>
      <span className="block text-xs text-ink-soft">{words.mention}</span>
    </>
  );
}

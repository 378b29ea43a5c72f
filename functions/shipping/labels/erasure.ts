/** What erasing a customer removes of shipping's labels, offered to personal-data. */
import { batchGetAll } from "../../platform/db/batch-get";
import type { DataDeps } from "../../platform/deps";
import { shippingLabelEntity } from "../label-entity";

/** Removes the PDF kept on the orders' label items; the keys of the stored label files, for the caller to delete. */
export async function labelPdfsRemoved(deps: DataDeps, orderIds: readonly string[]): Promise<string[]> {
  const items = await batchGetAll(
    (batch) =>
      shippingLabelEntity(deps.db)
        .get(batch)
        .go({ attributes: ["order_id", "key", "pdf"] }),
    orderIds.map((id) => ({ order_id: id })),
  );
  for (const item of items.filter((label) => label.pdf))
    await shippingLabelEntity(deps.db).patch({ order_id: item.order_id }).remove(["pdf"]).go();
  return items.flatMap((label) => (label.key ? [label.key] : []));
}

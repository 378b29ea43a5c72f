/** The labels' PDFs for the owner: one order's, and the day's merged into one to print at once. */
import { DomainError } from "../../../src/domain/errors";
import { formatOrderDate } from "../../../src/domain/orders/order-display";
import { getOrder } from "../../orders/service";
import { batchGetAll } from "../../platform/db/batch-get";
import type { Deps } from "../../platform/deps";
import { documentsOf } from "./claim";

/**
 * An order's label PDF, for the admin (404 when it has none). A label bought while the order changed (cancelled, or
 * shipped by hand: createLabel's 409) is not on the order, only on its label item: it is the owner's all the same,
 * and she was told its number. Its PDF is read from the storage, or from the item while the storage has not taken it.
 */
export async function labelPdf(deps: Deps, orderId: string): Promise<Uint8Array> {
  const order = await getOrder(deps, orderId);
  const storage = documentsOf(deps);
  let key = order.shipping_label_key;
  if (!key) {
    const { data: label } = await deps.db.entities.shippingLabel.get({ order_id: orderId }).go();
    if (label?.state === "bought" && label.pdf) return new Uint8Array(Buffer.from(label.pdf, "base64"));
    if (label?.state === "bought") key = label.key;
  }
  const pdf = key ? await storage.get(key) : null;
  if (!pdf) throw new DomainError("NOT_FOUND", "Pas d'étiquette pour cette commande.");
  return pdf;
}

/**
 * Every label bought on `day` (Paris time) and recorded on its order, in the order they were made, as one PDF to print
 * at once. A label whose order changed before it was recorded (createLabel's 409) is left out: its parcel does not go.
 */
export async function dayLabelsPdf(deps: Deps, day: string): Promise<Uint8Array> {
  const { data: labels } = await deps.db.entities.shippingLabel.query
    .byDay({ day })
    .go({ pages: "all", attributes: ["order_id", "key"] });
  const recorded = new Map<string, string | undefined>();
  for (let start = 0; start < labels.length; start += 100) {
    const orders = await batchGetAll(
      (keys) => deps.db.entities.order.get(keys).go({ attributes: ["id", "shipping_label_key"] }),
      labels.slice(start, start + 100).map(({ order_id }) => ({ id: order_id })),
    );
    for (const order of orders) recorded.set(order.id, order.shipping_label_key);
  }
  const storage = documentsOf(deps);
  // Loaded only to merge: the function's other calls (a label's creation, one label's download) start without it.
  const { PDFDocument } = await import("pdf-lib");
  const merged = await PDFDocument.create();
  for (const { order_id, key } of labels) {
    if (!key || recorded.get(order_id) !== key) continue;
    const pdf = await storage.get(key);
    if (!pdf) continue;
    const source = await PDFDocument.load(pdf);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  if (!merged.getPageCount())
    throw new DomainError("NOT_FOUND", `Aucune étiquette créée le ${formatOrderDate(`${day}T12:00:00Z`)}.`);
  merged.setTitle(`Étiquettes Colissimo du ${day}`);
  return merged.save();
}

import { DomainError } from "../../../src/domain/errors";
import { formatOrderDate } from "../../../src/domain/orders/order-display";
import { getOrder } from "../../orders/order-reads";
import { labelKeysOf } from "../../orders/service";
import type { Deps } from "../../platform/deps";
import { shippingLabelEntity } from "../label-entity";
import { documentsOf } from "./claim";

/** A label bought while the order changed (createLabel's 409) is only on its item: the owner's all the same. */
export async function labelPdf(deps: Deps, orderId: string): Promise<Uint8Array> {
  const order = await getOrder(deps, orderId);
  const storage = documentsOf(deps);
  let key = order.shipping_label_key;
  if (!key) {
    const { data: label } = await shippingLabelEntity(deps.db).get({ order_id: orderId }).go();
    if (label?.state === "bought" && label.pdf) return new Uint8Array(Buffer.from(label.pdf, "base64"));
    if (label?.state === "bought") key = label.key;
  }
  const pdf = key ? await storage.get(key) : null;
  if (!pdf) throw new DomainError("NOT_FOUND", "Pas d'étiquette pour cette commande.");
  return pdf;
}

/** A label whose order changed before it was recorded is left out: its parcel does not go. */
export async function dayLabelsPdf(deps: Deps, day: string): Promise<Uint8Array> {
  const { data: labels } = await shippingLabelEntity(deps.db)
    .query.byDay({ day })
    .go({ pages: "all", attributes: ["order_id", "key"] });
  const recorded = await labelKeysOf(
    deps,
    labels.map(({ order_id }) => order_id),
  );
  const storage = documentsOf(deps);
  // Loaded only to merge: the function's other calls start without it.
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

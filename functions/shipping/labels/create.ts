/**
 * « Créer l'étiquette » (docs/decisions/047-colissimo-labels.md). Colissimo has no idempotency key, so the label item
 * (claim.ts) keeps two clicks from buying two labels, and a label paid for from being lost if a later step fails.
 */
import { DomainError } from "../../../src/domain/errors";
import { parisDay } from "../../../src/domain/paris-time";
import {
  colissimoMissing,
  colissimoNotConfiguredMessage,
} from "../../../src/domain/settings/colissimo-setting";
import type { LabelInput } from "../../../src/domain/shipping/colissimo-label/request";
import { isParisDay, publishedDeliveryEstimate } from "../../../src/domain/shipping/delivery-estimate";
import { COLISSIMO, labelKey, labelRefusal } from "../../../src/domain/shipping/shipping-labels";
import { moveOrder } from "../../orders/lifecycle";
import { getOrder } from "../../orders/order-reads";
import { type OrderRecord, toOrder } from "../../orders/service";
import { sendShippingMail } from "../../orders/shipping-mail";
import type { ObjectStorage } from "../../platform/adapters/object-storage";
import type { Deps } from "../../platform/deps";
import { getSettings } from "../../settings/service";
import { generateLabel } from "../colissimo-client";
import {
  type BoughtLabel,
  claim,
  documentsOf,
  forgetKeptPdf,
  type KeptLabel,
  notKept,
  recordLabel,
  release,
  writeReceipt,
} from "./claim";
import { labelInput } from "./input";

/** Stores a PDF; false (logged) when the storage refuses it. */
async function stored(storage: ObjectStorage, label: BoughtLabel, pdf: Uint8Array): Promise<boolean> {
  try {
    await storage.put(label.key, pdf, "application/pdf");
    return true;
  } catch (error) {
    console.error(`Label ${label.parcelNumber}: the PDF could not be stored`, error);
    return false;
  }
}

/** From Colissimo's answer on, a failure is a 503 naming the parcel, and the next click finishes keeping it. */
async function buy(
  deps: Deps,
  storage: ObjectStorage,
  order: OrderRecord,
  input: LabelInput,
  requestedAt: string,
): Promise<BoughtLabel> {
  let sold: Awaited<ReturnType<typeof generateLabel>>;
  try {
    sold = await generateLabel(input);
  } catch (error) {
    await release(deps, order.id, requestedAt);
    throw error;
  }
  const now = deps.clock();
  const label: BoughtLabel = {
    parcelNumber: sold.parcelNumber,
    key: labelKey(order.id, sold.parcelNumber),
    day: parisDay(now),
    boughtAt: now.toISOString(),
  };
  const inStorage = await stored(storage, label, sold.pdf);
  let pdfKept: boolean;
  try {
    pdfKept = await recordLabel(deps, order.id, label, inStorage ? undefined : sold.pdf);
  } catch (error) {
    console.error(`Order ${order.id}: label ${label.parcelNumber} bought and not recorded`, error);
    if (!inStorage) throw notKept(label.parcelNumber, false);
    try {
      await writeReceipt(storage, order.id, label);
    } catch (receiptError) {
      console.error(`Order ${order.id}: no receipt for label ${label.parcelNumber}`, receiptError);
      throw notKept(label.parcelNumber, false);
    }
    throw notKept(label.parcelNumber, true);
  }
  if (!inStorage) throw notKept(label.parcelNumber, pdfKept);
  return label;
}

async function storeKept(deps: Deps, storage: ObjectStorage, orderId: string, label: KeptLabel) {
  if (!label.pdf) return;
  if (!(await stored(storage, label, label.pdf))) throw notKept(label.parcelNumber, true);
  await forgetKeptPdf(deps, orderId);
}

export async function createLabel(
  deps: Deps,
  orderId: string,
): Promise<{ order: ReturnType<typeof toOrder>; created: boolean }> {
  const order = await getOrder(deps, orderId);
  if (order.shipping_label_key) return { order: toOrder(order), created: false };
  const refusal = labelRefusal(order);
  if (refusal) throw new DomainError("ORDER_TRANSITION", refusal);
  const { shipping_colissimo: setting, company_info: company } = await getSettings(deps, [
    "shipping_colissimo",
    "company_info",
  ]);
  const missing = colissimoMissing(setting, company);
  if (missing.length)
    throw new DomainError("COLISSIMO_NOT_CONFIGURED", colissimoNotConfiguredMessage(missing));
  const input = await labelInput(deps, order, setting, company);
  const storage = documentsOf(deps);
  const claimed = await claim(deps, order.id);
  let label: BoughtLabel;
  if ("bought" in claimed) {
    await storeKept(deps, storage, order.id, claimed.bought);
    label = claimed.bought;
  } else label = await buy(deps, storage, order, input, claimed.requestedAt);
  const { order: shipped, changed } = await moveOrder(deps, order.id, {
    commands: ["ship"],
    set: (current) => ({
      shipping_company: COLISSIMO,
      tracking_number: label.parcelNumber,
      shipping_label_key: label.key,
      // Else the shop's published delay from the label's day, until La Poste's tracking gives its own.
      estimated_delivery:
        current.estimated_delivery ||
        publishedDeliveryEstimate(isParisDay(label.day) ? label.day : parisDay(deps.clock())),
    }),
    refused: "ignore",
    handlers: { shippingMail: sendShippingMail(deps) },
  });
  if (shipped.shipping_label_key !== label.key) {
    // The order changed while the label was bought: the label is kept and downloadable, and the owner decides.
    throw new DomainError(
      "ORDER_TRANSITION",
      `L'étiquette n° ${label.parcelNumber} a été créée, mais la commande a changé entre-temps (${labelRefusal(shipped) ?? "elle a été modifiée"}). Si le colis ne part pas, ne déposez pas l'étiquette : Colissimo ne facture que les colis remis.`,
      { parcel_number: label.parcelNumber },
    );
  }
  // Another request may have recorded this same label a moment before: then this one made nothing.
  return { order: toOrder(shipped), created: changed };
}

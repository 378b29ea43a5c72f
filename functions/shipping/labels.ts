/**
 * « Créer l'étiquette » (issue 31, docs/decisions/047): an order's Colissimo label bought, kept in the private
 * documents storage and recorded on the order by the lifecycle's ship move, which mails the customer her tracking
 * number. Colissimo has no idempotency key, so the label item (label-entity.ts) is the claim that keeps two clicks
 * from buying two labels, and the record that keeps a label paid for from being lost if a step after it fails.
 */
import { COUNTRY_CODES, isAddressCountry } from "../../src/domain/accounts/countries";
import { DomainError } from "../../src/domain/errors";
import { formatOrderDate } from "../../src/domain/orders/order-display";
import { parisDay } from "../../src/domain/promos/promo";
import type { LabelInput } from "../../src/domain/shipping/colissimo-label";
import {
  type ColissimoSetting,
  colissimoMissing,
  colissimoNotConfiguredMessage,
  senderAddress,
} from "../../src/domain/shipping/colissimo-setting";
import {
  COLISSIMO,
  labelKey,
  labelRefusal,
  parcelWeightGrams,
} from "../../src/domain/shipping/shipping-labels";
import { moveOrder } from "../orders/lifecycle";
import { getOrder, type OrderRecord, toOrder } from "../orders/service";
import { sendShippingMail } from "../orders/shipping-mail";
import type { ObjectStorage } from "../platform/adapters/object-storage";
import { batchGetAll } from "../platform/db/batch-get";
import type { DataDeps, Deps } from "../platform/deps";
import { getSettings } from "../settings/service";
import { type BoughtLabel, generateLabel } from "./colissimo-client";
import { openColissimoSecret } from "./colissimo-secrets";

/**
 * How long a claim holds: longer than a call to Colissimo can last (15 s timeout) plus storing the PDF. A claim older
 * than this was left by a request that died in between; the next click takes it over.
 */
export const LABEL_CLAIM_MS = 60_000;

const conditionFailed = (error: unknown) =>
  (error as { cause?: { name?: string } }).cause?.name === "ConditionalCheckFailedException";

function documentsOf(deps: { documents?: ObjectStorage }): ObjectStorage {
  if (!deps.documents) {
    console.error("This function has no documents storage (DOCUMENTS_BUCKET / DOCUMENTS_DIR).");
    throw new DomainError("CARRIER_UNAVAILABLE", "Le stockage des étiquettes n'est pas disponible.");
  }
  return deps.documents;
}

/** The soaps' net weights, by product id (a product deleted since the order weighs nothing: see parcelWeightGrams). */
async function netWeights(deps: DataDeps, order: OrderRecord): Promise<Map<number, number>> {
  const ids = [...new Set(order.items.map((item) => item.product_id))];
  const products = await batchGetAll(
    (keys) => deps.db.entities.product.get(keys).go({ attributes: ["id", "net_weight_g"] }),
    ids.map((id) => ({ id })),
  );
  return new Map(products.map((product) => [product.id, product.net_weight_g ?? 0]));
}

/**
 * What Colissimo is asked: the shop as sender, the order's frozen address as recipient, the parcel's weight. An order
 * for a pick-up point (issue 31) is a « point retrait » parcel: the point's id, its address as La Poste's plugins send
 * it, and the customer's mobile, which La Poste texts when the parcel can be collected.
 */
async function labelInput(
  deps: DataDeps,
  order: OrderRecord,
  setting: ColissimoSetting,
  company: { name: string; email: string; phone: string; address: string },
): Promise<LabelInput> {
  const sender = senderAddress(company.address);
  if (!sender)
    throw new DomainError(
      "COLISSIMO_NOT_CONFIGURED",
      colissimoNotConfiguredMessage(colissimoMissing(setting, company)),
    );
  const address = order.shipping_address;
  const point = order.pickup_point;
  return {
    contractNumber: setting.contract_number,
    password: await openColissimoSecret(deps, "password", setting.password),
    format: setting.label_format,
    productCode: point ? "A2P" : setting.home_product,
    ...(point && { pickupLocationId: point.id }),
    depositDate: parisDay(deps.clock()),
    orderNumber: toOrder(order).order_number,
    commercialName: company.name,
    weightGrams: parcelWeightGrams(order.items, await netWeights(deps, order), setting.packaging_g),
    sender: {
      companyName: company.name,
      line: sender.line,
      zipCode: sender.zipCode,
      city: sender.city,
      countryCode: "FR",
      ...(company.email && { email: company.email }),
      ...(company.phone && { phone: company.phone }),
    },
    addressee: {
      firstName: address.first_name,
      lastName: address.last_name,
      ...(point
        ? {
            line1: point.address_line1,
            line2: point.address_line2 ?? null,
            zipCode: point.postal_code,
            city: point.city,
            countryCode: point.country_code,
            phone: point.phone,
          }
        : {
            line1: address.address_line1,
            line2: address.address_line2 ?? null,
            zipCode: address.postal_code,
            city: address.city,
            countryCode: isAddressCountry(address.country) ? COUNTRY_CODES[address.country] : address.country,
            phone: address.phone,
          }),
      email: order.customer_email,
    },
  };
}

/**
 * Takes the order's claim: true when this request may buy the label. A label already bought is handed back (to be
 * recorded on the order), a fresh claim of another request answers 409, a stale one is taken over.
 */
async function claim(
  deps: DataDeps,
  orderId: string,
): Promise<{ requestedAt: string } | { bought: { parcelNumber: string; key: string } }> {
  const requestedAt = deps.clock().toISOString();
  const labels = deps.db.entities.shippingLabel;
  try {
    await labels.create({ order_id: orderId, state: "buying", requested_at: requestedAt }).go();
    return { requestedAt };
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
  const { data } = await labels.get({ order_id: orderId }).go();
  if (data?.state === "bought" && data.parcel_number && data.key)
    return { bought: { parcelNumber: data.parcel_number, key: data.key } };
  if (!data || deps.clock().getTime() - Date.parse(data.requested_at) < LABEL_CLAIM_MS)
    throw new DomainError("LABEL_IN_PROGRESS");
  try {
    await labels
      .patch({ order_id: orderId })
      .set({ requested_at: requestedAt })
      .where(
        ({ state, requested_at }, { eq }) =>
          `${eq(state, "buying")} AND ${eq(requested_at, data.requested_at)}`,
      )
      .go();
    return { requestedAt };
  } catch (error) {
    if (conditionFailed(error)) throw new DomainError("LABEL_IN_PROGRESS");
    throw error;
  }
}

/** Gives the claim back after a refusal or no answer: nothing was bought, the owner may click again. */
async function release(deps: DataDeps, orderId: string, requestedAt: string): Promise<void> {
  await deps.db.entities.shippingLabel
    .delete({ order_id: orderId })
    .where(({ state, requested_at }, { eq }) => `${eq(state, "buying")} AND ${eq(requested_at, requestedAt)}`)
    .go()
    .catch((error: unknown) => {
      if (!conditionFailed(error))
        console.error(`Order ${orderId}: the label claim could not be released`, error);
    });
}

/** Buys the label and keeps it: the PDF stored first, then the label item says it exists. */
async function buy(
  deps: Deps,
  order: OrderRecord,
  input: LabelInput,
  requestedAt: string,
): Promise<{ parcelNumber: string; key: string }> {
  let label: BoughtLabel;
  try {
    label = await generateLabel(input);
  } catch (error) {
    await release(deps, order.id, requestedAt);
    throw error;
  }
  const key = labelKey(order.id, label.parcelNumber);
  await documentsOf(deps).put(key, label.pdf, "application/pdf");
  const now = deps.clock();
  await deps.db.entities.shippingLabel
    .patch({ order_id: order.id })
    .set({
      state: "bought",
      parcel_number: label.parcelNumber,
      key,
      day: parisDay(now),
      bought_at: now.toISOString(),
    })
    .go();
  return { parcelNumber: label.parcelNumber, key };
}

/**
 * « Créer l'étiquette »: the label bought (or the one already bought), then the order shipped with it through the
 * lifecycle. `created` is false when the order already had its label (a second click): nothing more is bought.
 */
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
  const claimed = await claim(deps, order.id);
  const label = "bought" in claimed ? claimed.bought : await buy(deps, order, input, claimed.requestedAt);
  const { order: shipped, changed } = await moveOrder(deps, order.id, {
    commands: ["ship"],
    set: () => ({
      shipping_company: COLISSIMO,
      tracking_number: label.parcelNumber,
      shipping_label_key: label.key,
    }),
    refused: "ignore",
    handlers: { shippingMail: sendShippingMail(deps) },
  });
  if (shipped.shipping_label_key !== label.key) {
    // The order changed while the label was bought (cancelled, or shipped by hand from another tab): the label is
    // kept and downloadable, and the owner decides.
    throw new DomainError(
      "ORDER_TRANSITION",
      `L'étiquette n° ${label.parcelNumber} a été créée, mais la commande a changé entre-temps (${labelRefusal(shipped) ?? "elle a été modifiée"}). Si le colis ne part pas, ne déposez pas l'étiquette : Colissimo ne facture que les colis remis.`,
    );
  }
  // Another request may have recorded this same label a moment before (it found the label bought): then this one made
  // nothing, and says so as a second click does.
  return { order: toOrder(shipped), created: changed };
}

/** An order's label PDF, for the admin (404 when it has none). */
export async function labelPdf(deps: Deps, orderId: string): Promise<Uint8Array> {
  const order = await getOrder(deps, orderId);
  const pdf = order.shipping_label_key ? await documentsOf(deps).get(order.shipping_label_key) : null;
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

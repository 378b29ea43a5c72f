/**
 * Colissimo has no idempotency key, so once it has sold a label nothing here may lead to buying another: the label
 * is recorded on its item, or a receipt beside its PDF says it exists, and the next click finishes keeping it.
 */
import { DomainError } from "../../../src/domain/errors";
import { isParcelNumber, labelKey } from "../../../src/domain/shipping/shipping-labels";
import type { ObjectStorage } from "../../platform/adapters/object-storage";
import type { DataDeps } from "../../platform/deps";
import { shippingLabelEntity } from "../label-entity";

/** Longer than a Colissimo call (15 s) plus storing the PDF: an older claim without receipt is a dead request's. */
export const LABEL_CLAIM_MS = 60_000;

/** DynamoDB items stop at 400 KB; a label is a few tens of kilobytes. */
const MAX_KEPT_PDF = 380_000;

export interface BoughtLabel {
  parcelNumber: string;
  key: string;
  day: string;
  boughtAt: string;
}

export type KeptLabel = BoughtLabel & { pdf?: Uint8Array };

const conditionFailed = (error: unknown) =>
  (error as { cause?: { name?: string } }).cause?.name === "ConditionalCheckFailedException";

export function documentsOf(deps: { documents?: ObjectStorage }): ObjectStorage {
  if (!deps.documents) {
    console.error("This function has no documents storage (DOCUMENTS_BUCKET / DOCUMENTS_DIR).");
    throw new DomainError("CARRIER_UNAVAILABLE", "Le stockage des étiquettes n'est pas disponible.");
  }
  return deps.documents;
}

export function notKept(parcelNumber: string, recoverable: boolean): DomainError {
  return new DomainError(
    "LABEL_NOT_KEPT",
    recoverable
      ? `L'étiquette n° ${parcelNumber} est achetée, mais la boutique n'a pas pu l'enregistrer jusqu'au bout : cliquez à nouveau sur « Créer l'étiquette » dans quelques instants, elle ne sera pas rachetée.`
      : `L'étiquette n° ${parcelNumber} est achetée, mais la boutique n'a pas pu la garder : ne la recréez pas. Imprimez-la depuis votre espace Colissimo et saisissez ce numéro de suivi dans le formulaire de la commande.`,
  );
}

const receiptKey = (orderId: string) => `labels/${orderId}/bought.json`;

export async function writeReceipt(storage: ObjectStorage, orderId: string, label: BoughtLabel) {
  const receipt = {
    parcel_number: label.parcelNumber,
    key: label.key,
    day: label.day,
    bought_at: label.boughtAt,
  };
  await storage.put(
    receiptKey(orderId),
    new TextEncoder().encode(JSON.stringify(receipt)),
    "application/json",
  );
}

async function readReceipt(storage: ObjectStorage, orderId: string): Promise<BoughtLabel | null> {
  let bytes: Uint8Array | null;
  try {
    bytes = await storage.get(receiptKey(orderId));
  } catch (error) {
    // Without it, taking the claim over could buy a second label: better to wait.
    console.error(`Order ${orderId}: the label receipt could not be read`, error);
    throw new DomainError("UNAVAILABLE");
  }
  if (!bytes) return null;
  const receipt = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, string>;
  const parcelNumber = String(receipt.parcel_number);
  if (!isParcelNumber(parcelNumber)) throw new Error(`Order ${orderId}: unreadable label receipt`);
  return {
    parcelNumber,
    key: labelKey(orderId, parcelNumber),
    day: String(receipt.day),
    boughtAt: String(receipt.bought_at),
  };
}

/** With `claimedAt`, only over that claim. False when the PDF is too large for the item: the number is kept. */
export async function recordLabel(
  deps: DataDeps,
  orderId: string,
  label: BoughtLabel,
  pdf?: Uint8Array,
  claimedAt?: string,
): Promise<boolean> {
  const base64 = pdf && Buffer.from(pdf).toString("base64");
  const fits = !base64 || base64.length <= MAX_KEPT_PDF;
  const patch = shippingLabelEntity(deps.db)
    .patch({ order_id: orderId })
    .set({
      state: "bought",
      parcel_number: label.parcelNumber,
      key: label.key,
      day: label.day,
      bought_at: label.boughtAt,
      ...(base64 && fits && { pdf: base64 }),
    });
  await (claimedAt
    ? patch.where(
        ({ state, requested_at }, { eq }) => `${eq(state, "buying")} AND ${eq(requested_at, claimedAt)}`,
      )
    : patch
  ).go();
  return fits;
}

/** The label item's PDF, once the storage has it: the item holds only its key again. */
export async function forgetKeptPdf(deps: DataDeps, orderId: string): Promise<void> {
  await shippingLabelEntity(deps.db)
    .patch({ order_id: orderId })
    .remove(["pdf"])
    .go()
    .catch((error: unknown) =>
      console.error(`Order ${orderId}: the label's kept PDF could not be dropped`, error),
    );
}

type LabelItem = { parcel_number?: string; key?: string; day?: string; bought_at?: string; pdf?: string };

const keptOf = (data: LabelItem): KeptLabel => ({
  parcelNumber: data.parcel_number ?? "",
  key: data.key ?? "",
  day: data.day ?? "",
  boughtAt: data.bought_at ?? "",
  ...(data.pdf && { pdf: new Uint8Array(Buffer.from(data.pdf, "base64")) }),
});

/**
 * True when this request may buy the label. A label already bought, or one a dead request left a receipt of, is
 * handed back; a fresh claim of another request answers 409, a stale one is taken over.
 */
export async function claim(
  deps: DataDeps & { documents?: ObjectStorage },
  orderId: string,
): Promise<{ requestedAt: string } | { bought: KeptLabel }> {
  const requestedAt = deps.clock().toISOString();
  const labels = shippingLabelEntity(deps.db);
  try {
    await labels.create({ order_id: orderId, state: "buying", requested_at: requestedAt }).go();
    return { requestedAt };
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
  const { data } = await labels.get({ order_id: orderId }).go();
  if (data?.state === "bought" && data.parcel_number && data.key) return { bought: keptOf(data) };
  if (!data) throw new DomainError("LABEL_IN_PROGRESS");
  const storage = documentsOf(deps);
  const receipt = await readReceipt(storage, orderId);
  if (receipt) {
    try {
      await recordLabel(deps, orderId, receipt, undefined, data.requested_at);
      await storage
        .delete([receiptKey(orderId)])
        .catch((error: unknown) => console.error(`Order ${orderId}: the label receipt stays`, error));
      return { bought: receipt };
    } catch (error) {
      if (!conditionFailed(error)) throw error;
      // Recorded by another click meanwhile: the same label.
      const { data: now } = await labels.get({ order_id: orderId }).go();
      if (now?.state === "bought" && now.parcel_number && now.key) return { bought: keptOf(now) };
      throw new DomainError("LABEL_IN_PROGRESS");
    }
  }
  if (deps.clock().getTime() - Date.parse(data.requested_at) < LABEL_CLAIM_MS)
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

/** Nothing was bought: the owner may click again. */
export async function release(deps: DataDeps, orderId: string, requestedAt: string): Promise<void> {
  await shippingLabelEntity(deps.db)
    .delete({ order_id: orderId })
    .where(({ state, requested_at }, { eq }) => `${eq(state, "buying")} AND ${eq(requested_at, requestedAt)}`)
    .go()
    .catch((error: unknown) => {
      if (!conditionFailed(error))
        console.error(`Order ${orderId}: the label claim could not be released`, error);
    });
}

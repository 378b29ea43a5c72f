/** What erasing a customer removes or blanks of orders' items, offered to personal-data: the reads, and the items. */

import { isGuestUserId } from "../../src/domain/accounts/guest-account";
import { storedInvoiceWithoutEmail } from "../../src/domain/orders/invoice";
import {
  ERASED_CUSTOMER_NAME,
  ERASED_ORDER_FIELDS,
  erasedShippingAddress,
} from "../../src/domain/personal-data/personal-data";
import { batchGetAll } from "../platform/db/batch-get";
import type { Db } from "../platform/db/service";
import type { TransactionItem } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import { idempotencyKeyEntity, orderEntity } from "./entity";
import { guestAttachTokenEntity } from "./guest/account/attach-token-entity";
import { invoiceEntity } from "./invoice-entity";
import type { OrderRecord } from "./service";
import { unpaidHoldEntity } from "./unpaid-hold-entity";

/** The account's links to attach guest orders, each as the item that deletes it. */
export async function attachLinkDeletes(deps: DataDeps, userId: string): Promise<(() => TransactionItem)[]> {
  const { data } = await guestAttachTokenEntity(deps.db)
    .query.byUser({ user_id: userId })
    .go({ pages: "all" });
  return data.map(({ token_hash }) => () => ({
    commit: guestAttachTokenEntity.transact(deps.db).delete({ token_hash }).commit(),
  }));
}

/** The Idempotency-Keys kept under `scope` for the orders `orderIds`, each as the item that deletes it. */
export async function idempotencyKeyDeletes(
  deps: DataDeps,
  scope: string,
  orderIds: ReadonlySet<string>,
): Promise<(() => TransactionItem)[]> {
  const { data } = await idempotencyKeyEntity(deps.db).query.byUser({ user_id: scope }).go({ pages: "all" });
  return data
    .filter((key) => orderIds.has(key.order_id))
    .map(({ user_id, key }) => () => ({
      commit: idempotencyKeyEntity.transact(deps.db).delete({ user_id, key }).commit(),
    }));
}

/** Deletes the counter of what an unpaid order held for a subject (deleting one gone is no error). */
export function unpaidHoldDelete(db: Db, hold: { subject: string; product_id: number }): TransactionItem {
  return { commit: unpaidHoldEntity.transact(db).delete(hold).commit() };
}

/** In the stored snapshot (older documents), or as the owner's id (a guest's is her e-mail). */
export async function documentsWithEmail(
  deps: DataDeps,
  orders: readonly OrderRecord[],
  erasedUserId: ((order: OrderRecord) => string) | undefined,
) {
  const owners = new Map<string, string>();
  for (const order of orders) {
    const owner = erasedUserId?.(order) ?? order.user_id;
    for (const number of [
      order.invoice_number,
      order.credit_note_number,
      ...(order.refunds ?? []).map((refund) => refund.credit_note_number),
    ])
      if (number) owners.set(number, owner);
  }
  if (!owners.size) return [];
  const documents = await batchGetAll(
    (keys) =>
      invoiceEntity(deps.db)
        .get(keys)
        .go({ attributes: ["number", "snapshot", "user_id"] }),
    [...owners.keys()].map((number) => ({ number })),
  );
  return documents.flatMap((document) => {
    const snapshot = storedInvoiceWithoutEmail(document.snapshot) ?? document.snapshot;
    const owner = owners.get(document.number) ?? document.user_id;
    const userId = isGuestUserId(document.user_id) ? owner : document.user_id;
    if (snapshot === document.snapshot && userId === document.user_id) return [];
    return [{ number: document.number, read: document, snapshot, userId }];
  });
}

/**
 * The name and address are mentions the law requires (CGI art. 242 nonies A) and stay; only the e-mail goes
 * (docs/decisions/032-documents-whatever-the-text.md). Conditioned on what was read.
 */
export function eraseDocumentEmail(
  db: Db,
  document: { number: string; read: { snapshot: string; user_id: string }; snapshot: string; userId: string },
): TransactionItem {
  return {
    commit: invoiceEntity
      .transact(db)
      .patch({ number: document.number })
      .set({ snapshot: document.snapshot, user_id: document.userId })
      .where(
        ({ snapshot, user_id }, { eq }) =>
          `${eq(snapshot, document.read.snapshot)} AND ${eq(user_id, document.read.user_id)}`,
      )
      .commit(),
    onFailed: "stale",
  };
}

/** The books keep amounts, lines, dates and payment; nothing names the person. */
export function eraseOrder(db: Db, order: OrderRecord, now: string, userId: string): TransactionItem {
  return {
    commit: orderEntity
      .transact(db)
      .patch({ id: order.id })
      .set({
        customer_name: ERASED_CUSTOMER_NAME,
        customer_email: "",
        shipping_address: erasedShippingAddress(order.shipping_address.country),
        user_id: userId,
        updated_at: now,
      })
      // The promo limit's subject and the unpaid holds' name her e-mail and address: they go with the person.
      .remove([...ERASED_ORDER_FIELDS, "promo_use_subject", "unpaid_hold_subjects"])
      .add({ version: 1 })
      .where(
        ({ version, user_id }, { eq }) =>
          `${eq(version, order.version ?? 0)} AND ${eq(user_id, order.user_id)}`,
      )
      .commit(),
    onFailed: "stale",
  };
}

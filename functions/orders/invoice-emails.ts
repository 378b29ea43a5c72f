/** Its own module: only the one-off script (scripts/invoices-drop-emails.ts) and its test load it, never a Lambda. */
import { storedInvoiceWithoutEmail } from "../../src/domain/orders/invoice";
import { batchGetAll } from "../platform/db/batch-get";
import { isConditionFailure } from "../platform/db/errors";
import type { DataDeps } from "../platform/deps";
import { orderEntity } from "./entity";
import { invoiceEntity } from "./invoice-entity";

/**
 * Rewrites every stored document that still holds the customer's e-mail without it
 * (docs/decisions/032-documents-whatever-the-text.md), each rewrite conditioned on the snapshot read. Run again, it
 * rewrites nothing.
 */
export async function dropEmailsFromStoredDocuments(
  deps: DataDeps,
): Promise<{ documents: number; rewritten: number }> {
  const { data: orders } = await orderEntity(deps.db)
    .query.all({})
    .go({ pages: "all", attributes: ["id", "invoice_number", "credit_note_number", "refunds"] });
  const numbers = [
    ...new Set(
      orders.flatMap((order) =>
        [
          order.invoice_number,
          order.credit_note_number,
          ...(order.refunds ?? []).map((refund) => refund.credit_note_number),
        ].filter((number): number is string => Boolean(number)),
      ),
    ),
  ];
  let rewritten = 0;
  // BatchGetItem reads at most 100 keys at a time.
  for (let start = 0; start < numbers.length; start += 100) {
    const documents = await batchGetAll(
      (keys) =>
        invoiceEntity(deps.db)
          .get(keys)
          .go({ attributes: ["number", "snapshot"] }),
      numbers.slice(start, start + 100).map((number) => ({ number })),
    );
    for (const document of documents) {
      const snapshot = storedInvoiceWithoutEmail(document.snapshot);
      if (snapshot === null) continue;
      try {
        await invoiceEntity(deps.db)
          .patch({ number: document.number })
          .set({ snapshot })
          .where((attributes, { eq }) => eq(attributes.snapshot, document.snapshot))
          .go();
        rewritten++;
      } catch (error) {
        // Rewritten meanwhile (an erasure, another run): nothing left to do on it.
        if (!isConditionFailure(error)) throw error;
      }
    }
  }
  return { documents: numbers.length, rewritten };
}

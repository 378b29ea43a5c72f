import { DomainError } from "../../src/domain/errors";
import {
  UNPAID_HOLD_COUNTER_DAYS,
  UNPAID_UNITS_PER_PRODUCT,
  unpaidHoldMessage,
} from "../../src/domain/orders/unpaid-holds";
import type { Db } from "../platform/db/service";
import type { Commit, TransactionItem } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import { unpaidHoldEntity } from "./unpaid-hold-entity";

export interface UnpaidHoldTake {
  subject: string;
  productId: number;
  productName: string;
  quantity: number;
}

/** Conditioned on the limit: DynamoDB judges every parallel order against the others, so 30 at once cannot pass. */
export function unpaidHoldItems(db: Db, takes: readonly UnpaidHoldTake[], now: Date): TransactionItem[] {
  const expires = Math.ceil(now.getTime() / 1000) + UNPAID_HOLD_COUNTER_DAYS * 86_400;
  return takes.map((take) => ({
    commit: unpaidHoldEntity
      .transact(db)
      .update({ subject: take.subject, product_id: take.productId })
      .add({ units: take.quantity })
      .set({ expires_at_ttl: expires })
      .where(
        ({ units }, { notExists, lte }) =>
          `${notExists(units)} OR ${lte(units, UNPAID_UNITS_PER_PRODUCT - take.quantity)}`,
      )
      .commit(),
    onFailed: new DomainError("UNPAID_HOLD_LIMIT", unpaidHoldMessage(take.productName), {
      product: take.productName,
      limit: UNPAID_UNITS_PER_PRODUCT,
    }),
  }));
}

/** A counter gone (30 days passed, or erased) is skipped; one deleted meanwhile fails the patch: decided again. */
export async function unpaidHoldGiveBack(
  deps: DataDeps,
  order: {
    unpaid_hold_subjects?: string[] | null;
    items: readonly { product_id: number; quantity: number }[];
  },
): Promise<() => Commit[]> {
  const keys = (order.unpaid_hold_subjects ?? []).flatMap((subject) =>
    order.items.map((item) => ({ subject, product_id: item.product_id, quantity: item.quantity })),
  );
  if (!keys.length) return () => [];
  const { data } = await unpaidHoldEntity(deps.db)
    .get(keys.map(({ subject, product_id }) => ({ subject, product_id })))
    .go({ consistent: true });
  const present = new Set(data.map((counter) => `${counter.subject}|${counter.product_id}`));
  return () =>
    keys
      .filter((key) => present.has(`${key.subject}|${key.product_id}`))
      .map((key) =>
        unpaidHoldEntity
          .transact(deps.db)
          .patch({ subject: key.subject, product_id: key.product_id })
          .subtract({ units: key.quantity })
          .commit(),
      );
}

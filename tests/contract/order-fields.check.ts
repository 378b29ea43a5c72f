/**
 * Issue 29: an order's status and payment change only by a move of the lifecycle's table (moveOrder). This file is
 * type-checked by `npm run typecheck` and `tsc -p tsconfig.json`, never run: each `@ts-expect-error` line must fail to
 * compile, so the day changeOrder or OrderFields accept a status again, the unused directive fails the check.
 */

import { changeOrder, type OrderFields } from "../../functions/orders/changes";
import { moveOrder } from "../../functions/orders/lifecycle";
import type { DataDeps } from "../../functions/platform/deps";

export function statusWritesDoNotCompile(deps: DataDeps, id: string) {
  // @ts-expect-error status is the lifecycle's: changeOrder does not take it
  void changeOrder(deps, id, () => ({ set: { status: "shipped" } }));
  // @ts-expect-error payment_status is the lifecycle's: changeOrder does not take it
  void changeOrder(deps, id, () => ({ set: { payment_status: "refunded" } }));

  const fromElsewhere = { status: "cancelled" as const, tracking_number: "6A123" };
  // @ts-expect-error not through a variable or a spread either
  const spread: OrderFields = { ...fromElsewhere };

  // A move's other fields (moveOrder's `set`) cannot carry them either: the table sets them from its transition.
  // @ts-expect-error the table decides the payment, not the caller
  void moveOrder(deps, id, {
    commands: ["ship"],
    refused: "throw",
    set: () => ({ payment_status: "completed" }),
  });

  // What may be written stays writable.
  void changeOrder(deps, id, () => ({ set: { tracking_number: "6A123" } }));
  return spread;
}

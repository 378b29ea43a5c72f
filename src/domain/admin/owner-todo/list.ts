/**
 * The owner's whole to-do list: every rule's items at `now`, and how many there are. Pure, used by the
 * dashboard's endpoint (GET /api/admin/todo) and the daily summary e-mail, so both always say the same.
 */

import type { OwnerProblem } from "../owner-problems";
import type { TodoFacts, TodoPublishing } from "./facts";
import {
  type OrderToShip,
  ordersToShip,
  type StuckParcel,
  stuckParcels,
  type TransferAwaited,
  transfersAwaited,
} from "./orders";
import { type RefundDue, refundsDue } from "./refunds";
import { type ReviewsToModerate, reviewsToModerate } from "./reviews";
import { type ExpiringBatch, expiringBatches, type LowStockProduct, lowStockProducts } from "./stock";

export interface PublishingFailure {
  error: string;
}

export interface OwnerTodo {
  generated_at: string;
  /** « Quelque chose ne va pas »: the machinery's problems (src/domain/admin/owner-problems.ts), listed first. */
  problems: OwnerProblem[];
  to_ship: OrderToShip[];
  /** Shipped parcels with no news from the carrier for STUCK_PARCEL_DAYS days or more. */
  stuck_parcels: StuckParcel[];
  transfers: TransferAwaited[];
  refunds: RefundDue[];
  low_stock: LowStockProduct[];
  expiring_batches: ExpiringBatch[];
  publishing: PublishingFailure | null;
  /** « Avis à modérer »: the reviews waiting, those past the published delay among them. */
  reviews: ReviewsToModerate | null;
  /** How many things there are to do, all lists together. */
  count: number;
}

/** The site's last publish failed and nothing has published since (the dashboard's « Échec de la publication »). */
export function publishingFailure(status: TodoPublishing): PublishingFailure | null {
  return status.state === "failed" ? { error: status.error ?? "Erreur inconnue" } : null;
}

/** The whole list at `now`. */
export function ownerTodo(facts: TodoFacts, now: Date): OwnerTodo {
  const names = new Map(facts.products.map((product) => [product.id, product.name]));
  const todo = {
    generated_at: now.toISOString(),
    problems: [...(facts.problems ?? [])],
    to_ship: ordersToShip(facts.orders, now),
    stuck_parcels: stuckParcels(facts.orders, now),
    transfers: transfersAwaited(
      facts.orders,
      now,
      new Map(facts.products.map((product) => [product.id, product.stock])),
    ),
    refunds: refundsDue(facts.withdrawals, facts.orders, now),
    low_stock: lowStockProducts(facts.products),
    expiring_batches: expiringBatches(facts.batches, names, now),
    publishing: publishingFailure(facts.publishing),
    reviews: reviewsToModerate(facts.reviews ?? [], now),
  };
  const count =
    todo.problems.length +
    todo.to_ship.length +
    todo.stuck_parcels.length +
    todo.transfers.length +
    todo.refunds.length +
    todo.low_stock.length +
    todo.expiring_batches.length +
    (todo.publishing ? 1 : 0) +
    (todo.reviews?.count ?? 0);
  return { ...todo, count };
}

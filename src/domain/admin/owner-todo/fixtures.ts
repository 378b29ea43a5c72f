/** Test fixtures shared by the tests of this folder (imported only by them): orders as the rules read them. */
import type { TodoOrder } from "./facts";

export function order(overrides: Partial<TodoOrder> & { id: string }): TodoOrder {
  return {
    created_at: "2026-11-02T09:00:00.000Z",
    status: "pending",
    payment_method: "bank_transfer",
    payment_status: "pending",
    customer_name: "Hélène Dupré",
    customer_email: "helene@example.fr",
    total_cents: 1780,
    status_history: [{ status: "pending", at: "2026-11-02T09:00:00.000Z" }],
    ...overrides,
  };
}

export const paid = (id: string, paidAt: string, extra: Partial<TodoOrder> = {}) =>
  order({
    id,
    status: "confirmed",
    payment_status: "completed",
    status_history: [
      { status: "pending", at: "2026-11-01T08:00:00.000Z" },
      { status: "confirmed", at: paidAt },
    ],
    ...extra,
  });

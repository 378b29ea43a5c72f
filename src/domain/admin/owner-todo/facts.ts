/**
 * What the to-do list's rules read, structural: the order and product records fit as they are.
 */

import type { OwnerProblem } from "../owner-problems";

export interface TodoOrder {
  id: string;
  created_at: string;
  status: "pending" | "confirmed" | "shipped" | "delivered" | "cancelled";
  payment_method: "paypal" | "bank_transfer";
  payment_status: string;
  customer_name?: string | null;
  customer_email: string;
  total_cents: number;
  transfer_reference?: string | null;
  /** When the transfer reminder went out (set by the reminder job; read only here). */
  transfer_reminded_at?: string | null;
  status_history: readonly { status: string; at: string }[];
  refunds?: readonly { id: string; at: string; amount_cents: number; status: "due" | "done" }[] | null;
  updated_at?: string;
  shipping_company?: string | null;
  tracking_number?: string | null;
  /** La Poste's events, oldest first (the tracking job). */
  tracking_events?: readonly { code: string; label: string; at: string }[] | null;
  /** The lines: what an unpaid order holds. */
  items?: readonly { product_id: number; product_name: string; quantity: number }[];
}

export interface TodoWithdrawal {
  id: string;
  order_id: string;
  order_number: string;
  requested_at: string;
  customer_name: string;
  customer_email: string;
  refund_state: "nothing_to_refund" | "refunded" | "refund_due" | "awaiting";
}

export interface TodoProduct {
  id: number;
  name: string;
  stock: number;
  low_stock_threshold: number;
  is_active: boolean;
}

export interface TodoBatch {
  product_id: number;
  lot: string;
  expires_on?: string | null;
  remaining: number;
}

export interface TodoPublishing {
  state: "up_to_date" | "pending" | "publishing" | "failed";
  error: string | null;
}

/** A review waiting for moderation: when its author submitted it. */
export interface TodoReview {
  submitted_at: string;
}

export interface TodoFacts {
  /** The orders still open (not shipped, not settled): see functions/admin/owner-todo.ts. */
  orders: readonly TodoOrder[];
  withdrawals: readonly TodoWithdrawal[];
  products: readonly TodoProduct[];
  batches: readonly TodoBatch[];
  publishing: TodoPublishing;
  /** The machinery's problems as recorded (functions/admin/owner-problems.ts); none when absent. */
  problems?: readonly OwnerProblem[];
  /** The reviews waiting for moderation; none when absent. */
  reviews?: readonly TodoReview[];
}

/** Who the owner sees on an item: the customer's name, or her e-mail when she gave none. */
export const customerOf = (order: Pick<TodoOrder, "customer_name" | "customer_email">) =>
  order.customer_name?.trim() || order.customer_email;

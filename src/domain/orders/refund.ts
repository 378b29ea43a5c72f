/**
 * Returns and refunds of a paid order (order-lifecycle.md "return received"): which lines come back, what is refunded,
 * and when the order is refunded in full. Pure and dependency-free: the admin island computes the same amount the
 * server checks.
 */
import { eurosToCents } from "../money";
import type { Order } from "./order";

export interface RefundedLine {
  index: number;
  quantity: number;
  /** The goods go back on sale (resaleable); otherwise they are written off. */
  restock: boolean;
}

export interface RefundFacts {
  lines: RefundedLine[];
  shipping_cents: number;
  amount_cents: number;
}

export interface RefundableOrder {
  items: { unit_price_cents: number; quantity: number; product_name: string }[];
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_cents: number;
  refunds?: RefundFacts[] | null;
}

export interface ReturnRequest {
  lines: RefundedLine[];
  /** Refund the delivery cost too (the law asks for it when the whole order is withdrawn: L221-24). */
  refund_shipping: boolean;
}

export interface RefundAmounts {
  goods_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_cents: number;
  /** After this refund, every line is back and the shipping refunded: the payment is refunded in full. */
  full: boolean;
}

export function returnedQuantities(order: RefundableOrder): number[] {
  const returned = order.items.map(() => 0);
  for (const refund of order.refunds ?? [])
    for (const line of refund.lines) returned[line.index] = (returned[line.index] ?? 0) + line.quantity;
  return returned;
}

export function refundedCents(order: RefundableOrder): number {
  return (order.refunds ?? []).reduce((sum, refund) => sum + refund.amount_cents, 0);
}

function shippingRefundedCents(order: RefundableOrder): number {
  return (order.refunds ?? []).reduce((sum, refund) => sum + refund.shipping_cents, 0);
}

export function returnProblem(order: RefundableOrder, request: ReturnRequest): string | null {
  const lines = request.lines.filter((line) => line.quantity > 0);
  if (!lines.length && !request.refund_shipping) return "Choisissez au moins un produit retourné.";
  const seen = new Set<number>();
  const returned = returnedQuantities(order);
  for (const line of lines) {
    const item = order.items[line.index];
    if (!item || seen.has(line.index)) return "Une ligne du retour ne correspond pas à la commande.";
    seen.add(line.index);
    const left = item.quantity - (returned[line.index] ?? 0);
    if (line.quantity > left)
      return left === 0
        ? `« ${item.product_name} » a déjà été retourné en totalité.`
        : `Il ne reste que ${left} « ${item.product_name} » à retourner.`;
  }
  if (
    request.refund_shipping &&
    shippingRefundedCents(order) >= order.shipping_cents &&
    order.shipping_cents > 0
  )
    return "Les frais de livraison ont déjà été remboursés.";
  if (refundedCents(order) >= order.total_cents) return "Cette commande est déjà remboursée en totalité.";
  return null;
}

/**
 * What this return refunds: the lines at the price paid, less their share of the promo discount, plus the delivery
 * cost when asked. The return that brings the last units back refunds exactly what is left, so the sum of an
 * order's refunds is its total to the cent, whatever the roundings before.
 */
export function refundAmounts(order: RefundableOrder, request: ReturnRequest): RefundAmounts {
  const returned = returnedQuantities(order);
  const lines = request.lines.filter((line) => line.quantity > 0);
  const goods = lines.reduce(
    (sum, line) => sum + (order.items[line.index]?.unit_price_cents ?? 0) * line.quantity,
    0,
  );
  const discount =
    order.subtotal_cents > 0 ? Math.round((goods * order.discount_cents) / order.subtotal_cents) : 0;
  const shippingLeft = Math.max(order.shipping_cents - shippingRefundedCents(order), 0);
  const shipping = request.refund_shipping ? shippingLeft : 0;
  const left = Math.max(order.total_cents - refundedCents(order), 0);
  const allBack = order.items.every(
    (item, index) =>
      (returned[index] ?? 0) + (lines.find((line) => line.index === index)?.quantity ?? 0) >= item.quantity,
  );
  const full = allBack && shipping === shippingLeft;
  const total = full ? left : Math.min(goods - discount + shipping, left);
  return { goods_cents: goods, discount_cents: discount, shipping_cents: shipping, total_cents: total, full };
}

/** An order as the API shows it (euros), as the rules above read it (cents). */
export function refundableOrder(order: Order): RefundableOrder {
  return {
    items: order.items.map((item) => ({
      product_name: item.product_name,
      quantity: item.quantity,
      unit_price_cents: eurosToCents(item.unit_price),
    })),
    subtotal_cents: eurosToCents(order.subtotal_amount),
    discount_cents: eurosToCents(order.discount_amount),
    shipping_cents: eurosToCents(order.shipping_amount),
    total_cents: eurosToCents(order.total_amount),
    refunds: order.refunds.map((refund) => ({
      lines: refund.lines,
      shipping_cents: eurosToCents(refund.shipping_amount),
      amount_cents: eurosToCents(refund.amount),
    })),
  };
}

/** Whether the owner may record a return: shipped or delivered, paid, something left to refund. */
export function canRecordReturn(order: Pick<Order, "status" | "payment_status">): boolean {
  return (
    (order.status === "shipped" || order.status === "delivered") &&
    (order.payment_status === "completed" || order.payment_status === "partially_refunded")
  );
}

/**
 * The withdrawal function: Code de la consommation L221-21 and D221-5 (ordonnance n° 2026-2, décret n° 2026-3);
 * period L221-18, refund L221-24. docs/decisions/014-withdrawal.md.
 */

import { once } from "../once";
import type { OrderStatus, PaymentStatus } from "../orders/order-status";

/** L221-18: fourteen days from the day the goods are delivered. */
export const WITHDRAWAL_DAYS = 14;
/** L221-24: the refund is due within fourteen days of the withdrawal. */
export const REFUND_DAYS = 14;

// Europe/Paris calendar arithmetic (Intl knows the DST rules).

const parisParts = once(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Paris",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }),
);

function partsOf(ms: number) {
  const parts = Object.fromEntries(
    parisParts()
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

function parisOffsetMs(ms: number): number {
  const p = partsOf(ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

export function parisStartOfDay(year: number, month: number, day: number): Date {
  const naive = Date.UTC(year, month - 1, day);
  let guess = naive - parisOffsetMs(naive);
  guess = naive - parisOffsetMs(guess);
  return new Date(guess);
}

export function parisDateOf(at: Date): { year: number; month: number; day: number } {
  const { year, month, day } = partsOf(at.getTime());
  return { year, month, day };
}

/** 23:59:59 Paris of the `days`-th day after `from`'s day, whatever the hour and any clock change. */
export function endOfParisDayAfter(from: Date, days: number): Date {
  const { year, month, day } = parisDateOf(from);
  return new Date(parisStartOfDay(year, month, day + days + 1).getTime() - 1000);
}

function isOpenUntil(deadline: Date, now: Date): boolean {
  return now.getTime() < deadline.getTime() + 1000;
}

export interface WithdrawableOrder {
  status: OrderStatus;
  payment_status: PaymentStatus;
  status_history: readonly { status: string; at: string }[];
  items: readonly { product_name: string; quantity: number }[];
  refunds?: readonly { lines: readonly { index: number; quantity: number }[] }[] | null;
}

export function deliveredAt(order: Pick<WithdrawableOrder, "status_history">): Date | null {
  const entry = [...order.status_history].reverse().find((item) => item.status === "delivered");
  return entry ? new Date(entry.at) : null;
}

export type WithdrawalPhase =
  /** A withdrawal of the whole order cancels it. */
  | "before_shipping"
  /** The period has not started. */
  | "in_transit"
  | "open"
  | "closed";

export interface WithdrawalWindow {
  phase: WithdrawalPhase;
  deadline: string | null;
  delivered_at: string | null;
  reason: string | null;
}

export const WITHDRAWAL_CLOSED_CANCELLED =
  "Cette commande est annulée : il n'y a plus de contrat dont se rétracter.";
export const WITHDRAWAL_CLOSED_REFUNDED = "Cette commande est déjà entièrement remboursée.";
export const WITHDRAWAL_CLOSED_NOTHING_LEFT =
  "Tous les produits de cette commande font déjà l'objet d'une rétractation ou d'un retour.";

const frDate = (at: Date) =>
  at.toLocaleString("fr-FR", {
    timeZone: "Europe/Paris",
    day: "numeric",
    month: "long",
    year: "numeric",
  });

export function withdrawalWindow(order: WithdrawableOrder, now: Date): WithdrawalWindow {
  const closed = (reason: string, delivered: Date | null = null, deadline: Date | null = null) => ({
    phase: "closed" as const,
    reason,
    delivered_at: delivered?.toISOString() ?? null,
    deadline: deadline?.toISOString() ?? null,
  });
  if (order.status === "cancelled") return closed(WITHDRAWAL_CLOSED_CANCELLED);
  if (order.payment_status === "refunded") return closed(WITHDRAWAL_CLOSED_REFUNDED);
  if (order.status === "pending" || order.status === "confirmed")
    return { phase: "before_shipping", reason: null, delivered_at: null, deadline: null };
  if (order.status === "shipped")
    return { phase: "in_transit", reason: null, delivered_at: null, deadline: null };
  const delivered = deliveredAt(order);
  if (!delivered) {
    // A delivered order always has its entry (every status change is written with it); never guess a date.
    return { phase: "in_transit", reason: null, delivered_at: null, deadline: null };
  }
  const deadline = endOfParisDayAfter(delivered, WITHDRAWAL_DAYS);
  if (!isOpenUntil(deadline, now))
    return closed(
      `Le délai de rétractation de 14 jours a pris fin le ${frDate(deadline)} à 23 h 59 (commande livrée le ${frDate(delivered)}). Pour un produit défectueux, contactez-nous : la garantie légale de conformité s'applique.`,
      delivered,
      deadline,
    );
  return {
    phase: "open",
    reason: null,
    delivered_at: delivered.toISOString(),
    deadline: deadline.toISOString(),
  };
}

export interface WithdrawnLine {
  index: number;
  quantity: number;
}

export interface WithdrawableLine {
  index: number;
  product_name: string;
  bought: number;
  /** Already withdrawn or returned, whichever is more. */
  taken: number;
  available: number;
}

/** A return is how withdrawn goods come back: the same units are counted once (the larger), never twice. */
export function withdrawableLines(
  order: WithdrawableOrder,
  earlier: readonly { lines: readonly WithdrawnLine[] }[],
): WithdrawableLine[] {
  const sum = (lists: readonly { lines: readonly WithdrawnLine[] }[], index: number) =>
    lists.reduce(
      (total, entry) =>
        total + entry.lines.filter((line) => line.index === index).reduce((s, l) => s + l.quantity, 0),
      0,
    );
  return order.items.map((item, index) => {
    const taken = Math.max(sum(order.refunds ?? [], index), sum(earlier, index));
    return {
      index,
      product_name: item.product_name,
      bought: item.quantity,
      taken,
      available: Math.max(0, item.quantity - taken),
    };
  });
}

export type WithdrawalScope = "whole" | "lines";

export function checkWithdrawal(
  order: WithdrawableOrder,
  earlier: readonly { lines: readonly WithdrawnLine[] }[],
  requested: readonly WithdrawnLine[],
  now: Date,
): { lines: WithdrawnLine[]; scope: WithdrawalScope; window: WithdrawalWindow } | { reason: string } {
  const window = withdrawalWindow(order, now);
  if (window.phase === "closed") return { reason: window.reason ?? WITHDRAWAL_CLOSED_NOTHING_LEFT };
  const lines = withdrawableLines(order, earlier);
  if (lines.every((line) => line.available === 0)) return { reason: WITHDRAWAL_CLOSED_NOTHING_LEFT };
  const kept = requested.filter((line) => line.quantity > 0);
  if (!kept.length) return { reason: "Choisissez au moins un produit dont vous vous rétractez." };
  const seen = new Set<number>();
  for (const line of kept) {
    const available = lines[line.index];
    if (!available || seen.has(line.index)) return { reason: "Une ligne ne correspond pas à la commande." };
    seen.add(line.index);
    if (line.quantity > available.available)
      return {
        reason:
          available.available === 0
            ? `« ${available.product_name} » fait déjà l'objet d'une rétractation ou d'un retour.`
            : `Vous pouvez vous rétracter d'au plus ${available.available} « ${available.product_name} ».`,
      };
  }
  const whole = lines.every(
    (line) => line.available === (kept.find((k) => k.index === line.index)?.quantity ?? 0),
  );
  if (!whole && window.phase === "before_shipping")
    return {
      reason:
        "Avant l'expédition, la rétractation porte sur toute la commande : elle est alors annulée et remboursée. Pour ne renvoyer qu'une partie des produits, vous pourrez vous rétracter pour ceux-ci pendant 14 jours après la livraison.",
    };
  return { lines: [...kept].sort((a, b) => a.index - b.index), scope: whole ? "whole" : "lines", window };
}

/** L221-24: by the end of the 14th Paris day after the request. */
export function refundDeadline(requestedAt: Date): Date {
  return endOfParisDayAfter(requestedAt, REFUND_DAYS);
}

/** Null when nothing is owed: L221-24 then sets no deadline, and « Rien à rembourser » would contradict one. */
export function withdrawalRefundDeadline(requestedAt: Date, state: RefundState): Date | null {
  return state === "nothing_to_refund" ? null : refundDeadline(requestedAt);
}

export type RefundState = "nothing_to_refund" | "refunded" | "refund_due" | "awaiting";

export interface RefundableWithdrawalOrder extends WithdrawableOrder {
  refunds?:
    | readonly { lines: readonly { index: number; quantity: number }[]; status: "due" | "done" }[]
    | null;
}

/** A request is refunded when the returns cover every unit withdrawn up to it and each such refund is done. */
export function withdrawalRefundStates(
  order: RefundableWithdrawalOrder,
  requests: readonly { lines: readonly WithdrawnLine[] }[],
): RefundState[] {
  if (order.status === "cancelled") {
    const state: RefundState =
      order.payment_status === "refunded"
        ? "refunded"
        : order.payment_status === "completed"
          ? "refund_due"
          : "nothing_to_refund";
    return requests.map(() => state);
  }
  const returned = order.items.map((_, index) =>
    (order.refunds ?? []).reduce(
      (sum, refund) =>
        sum + refund.lines.filter((l) => l.index === index).reduce((s, l) => s + l.quantity, 0),
      0,
    ),
  );
  const allDone = (order.refunds ?? []).every((refund) => refund.status === "done");
  const cumulative = order.items.map(() => 0);
  return requests.map((request) => {
    for (const line of request.lines) cumulative[line.index] = (cumulative[line.index] ?? 0) + line.quantity;
    const covered = request.lines.every(
      (line) => (returned[line.index] ?? 0) >= (cumulative[line.index] ?? 0),
    );
    if (!covered) return "awaiting";
    return allDone ? "refunded" : "refund_due";
  });
}

export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  nothing_to_refund: "Rien à rembourser (commande non payée)",
  refunded: "Remboursée",
  refund_due: "Remboursement à effectuer",
  awaiting: "Retour et remboursement à enregistrer",
};

export function withdrawalOffered(order: WithdrawableOrder, now: Date): boolean {
  const window = withdrawalWindow(order, now);
  return window.phase !== "closed" && withdrawableLines(order, []).some((line) => line.available > 0);
}

export const withdrawalHref = (orderId?: string) =>
  orderId ? `/retractation?commande=${encodeURIComponent(orderId)}` : "/retractation";

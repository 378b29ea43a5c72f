/**
 * The order lifecycle: the one table of moves every writer of an order follows (the admin's order form, PayPal's
 * capture and webhooks, the hold-expiry job). A move not in the table is refused with a French reason and changes
 * nothing. See docs/decisions/008-order-lifecycle.md for the choices the table makes.
 */
import type { OrderStatus, PaymentStatus } from "./order-status";

export interface LifecycleState {
  status: OrderStatus;
  payment_status: PaymentStatus;
  /** Goods of the order have come back and been refunded (a return): it can no longer be cancelled as a whole. */
  has_returns?: boolean;
}

export function lifecycleStateOf(order: {
  status: OrderStatus;
  payment_status: PaymentStatus;
  refunds?: readonly unknown[] | null;
}): LifecycleState {
  return {
    status: order.status,
    payment_status: order.payment_status,
    has_returns: Boolean(order.refunds?.length),
  };
}

export const ORDER_COMMANDS = [
  /** Payment received for our exact total: PayPal capture or webhook, or the owner marks a transfer received. */
  "pay",
  /** The buyer closed or cancelled PayPal's window. */
  "abandon",
  /** PayPal declined the payment. */
  "decline",
  /** The PayPal hold expired, or the transfer never came. */
  "expire",
  "cancel",
  "ship",
  "deliver",
  /** The owner records that the refund of a cancelled, paid order was made (a transfer sent back). */
  "refund_done",
  /** PayPal says the payment was refunded in full (a refund made in PayPal's own dashboard). */
  "refunded",
  /** The owner records goods sent back after shipping (withdrawal or after-sales) and refunds them: some lines... */
  "return_part",
  /** ...or everything left, delivery included: the payment is then refunded in full. */
  "return_all",
  /** The owner sent the bank transfer of a return's refund listed as due (« Virement à effectuer »). */
  "refund_sent",
] as const;
export type OrderCommand = (typeof ORDER_COMMANDS)[number];

/** What a move does besides changing the two statuses, in the same transaction. */
export type LifecycleEffect =
  | "issue_invoice"
  | "issue_credit_note"
  /** Stock and promo use given back, exactly once. */
  | "release"
  /**
   * A return's money back, recorded on the order with its lines and amounts (src/domain/orders/order-return.ts): through
   * PayPal's refund API before anything is written (a refusal writes nothing), or listed as a transfer to make.
   */
  | "refund_lines"
  /** A credit note for the returned lines only: it cites the invoice, which stays. */
  | "issue_refund_note"
  /** Stock back for the returned lines marked resaleable, to the lots they came from, with `return` movements. */
  | "restock_returned"
  /** The customer is told of the refund and its credit note. */
  | "refund_mail"
  /** A return's refund listed as due is marked done: its transfer was sent. */
  | "mark_refund_sent"
  /** The customer is told her order is on its way, with the carrier and tracking number (after the move). */
  | "shipping_mail"
  /**
   * A cancelled order's payment goes back. A PayPal capture is refunded at once: the cancellation is written, then
   * followed by refund_done (its refund_capture). A transfer is sent back by the owner, who then records it
   * (refund_done).
   */
  | "refund_payment"
  /**
   * A cancelled PayPal order's capture refunded in full through PayPal's API before the move is written (a refusal
   * writes nothing; one PayPal-Request-Id per order, so never twice). For a transfer the owner records what she sent.
   */
  | "refund_capture";

export type Transition =
  | { allowed: true; to: LifecycleState; effects: LifecycleEffect[] }
  | { allowed: false; reason: string };

const refuse = (reason: string): Transition => ({ allowed: false, reason });
const move = (to: LifecycleState, ...effects: LifecycleEffect[]): Transition => ({
  allowed: true,
  to,
  effects,
});

const NOT_PAID = "La commande n'est pas payée.";
const CANCELLED =
  "Une commande annulée ne peut plus être payée, expédiée ni rouverte : passez une nouvelle commande.";
const ALREADY_PAID = "Le paiement de cette commande est déjà enregistré.";

/** An order whose payment has not come (pending), or failed before it was closed. */
function fromUnpaid(state: LifecycleState, command: OrderCommand): Transition {
  switch (command) {
    case "pay":
      return state.payment_status === "pending"
        ? move(
            { status: state.status === "pending" ? "confirmed" : state.status, payment_status: "completed" },
            "issue_invoice",
          )
        : refuse("Le paiement de cette commande a échoué : une nouvelle commande doit être passée.");
    case "abandon":
    case "decline":
    case "expire":
    case "cancel":
      return move({ status: "cancelled", payment_status: "failed" }, "release");
    case "ship":
    case "deliver":
      return refuse(`${NOT_PAID} Elle sera expédiée une fois le paiement reçu.`);
    case "refund_done":
    case "refunded":
    case "return_part":
    case "return_all":
      return refuse(`${NOT_PAID} Il n'y a rien à rembourser.`);
    case "refund_sent":
      return refundSent(state);
  }
}

const RETURNED_BEFORE =
  "Des produits de cette commande ont déjà été retournés et remboursés : enregistrez le retour des autres.";

/** What a return runs, whole or in part: its refund, its credit note, its resaleable stock back, the customer's mail. */
export const RETURN_EFFECTS: readonly LifecycleEffect[] = [
  "refund_lines",
  "issue_refund_note",
  "restock_returned",
  "refund_mail",
];

/** Goods back after shipping, refunded: the status stays, the payment is refunded in part or in full. */
function returnMove(state: LifecycleState, command: "return_part" | "return_all"): Transition {
  return move(
    { status: state.status, payment_status: command === "return_all" ? "refunded" : "partially_refunded" },
    ...RETURN_EFFECTS,
  );
}

/** A paid order on its way: confirmed (to prepare) or shipped. */
function fromPaid(state: LifecycleState, command: OrderCommand): Transition {
  const status = state.status === "pending" ? "confirmed" : state.status;
  switch (command) {
    case "pay":
      return refuse(ALREADY_PAID);
    case "abandon":
    case "decline":
    case "expire":
      return refuse(`${ALREADY_PAID} La commande n'est plus annulée automatiquement.`);
    case "ship":
      return status === "confirmed"
        ? move({ status: "shipped", payment_status: state.payment_status }, "shipping_mail")
        : refuse("La commande est déjà expédiée.");
    case "deliver":
      return status === "shipped"
        ? move({ status: "delivered", payment_status: state.payment_status })
        : refuse("La commande doit d'abord être expédiée.");
    case "return_part":
    case "return_all":
      return status === "shipped"
        ? returnMove({ status, payment_status: state.payment_status }, command)
        : refuse(
            "La commande n'est pas encore expédiée : annulez-la pour remettre son stock et la rembourser.",
          );
    case "cancel":
      if (state.payment_status === "partially_refunded") return refuse(RETURNED_BEFORE);
      // Before delivery: the goods come back to stock, a credit note cancels the invoice, the payment goes back.
      return move(
        { status: "cancelled", payment_status: "completed" },
        "release",
        "issue_credit_note",
        "refund_payment",
      );
    case "refunded":
      if (state.payment_status === "partially_refunded")
        return refuse(
          "Des remboursements partiels sont déjà enregistrés : enregistrez le retour du reste dans la boutique.",
        );
      return status === "confirmed"
        ? move({ status: "cancelled", payment_status: "refunded" }, "release", "issue_credit_note")
        : move({ status, payment_status: "refunded" }, "issue_credit_note");
    case "refund_done":
      return refuse("La commande n'est pas annulée : il n'y a pas de remboursement dû.");
    case "refund_sent":
      return refundSent(state);
  }
}

function fromDelivered(state: LifecycleState, command: OrderCommand): Transition {
  switch (command) {
    case "refunded":
      if (state.payment_status === "partially_refunded")
        return refuse(
          "Des remboursements partiels sont déjà enregistrés : enregistrez le retour du reste dans la boutique.",
        );
      return state.payment_status === "completed"
        ? move({ status: "delivered", payment_status: "refunded" }, "issue_credit_note")
        : refuse("Le paiement de cette commande est déjà remboursé.");
    case "return_part":
    case "return_all":
      return state.payment_status === "refunded"
        ? refuse("Le paiement de cette commande est déjà remboursé.")
        : returnMove(state, command);
    case "cancel":
      return refuse(
        "Une commande livrée ne s'annule pas : ses produits sont chez le client. Enregistrez un retour et son remboursement.",
      );
    case "pay":
      return refuse(ALREADY_PAID);
    default:
      return refuse("La commande est livrée.");
  }
}

function fromCancelled(state: LifecycleState, command: OrderCommand): Transition {
  // The one thing left to a cancelled, paid order: its refund, made by the shop or (refunded) seen at PayPal.
  if (state.payment_status === "completed" && command === "refund_done")
    return move({ status: "cancelled", payment_status: "refunded" }, "refund_capture");
  if (state.payment_status === "completed" && command === "refunded")
    return move({ status: "cancelled", payment_status: "refunded" });
  if (command === "return_part" || command === "return_all")
    return refuse(
      "Une commande annulée n'a pas de retour : son stock a été remis et son remboursement se suit sur la commande.",
    );
  if (command === "refund_done" || command === "refunded")
    return refuse(
      state.payment_status === "refunded"
        ? "Le remboursement de cette commande est déjà enregistré."
        : `${NOT_PAID} Il n'y a rien à rembourser.`,
    );
  return refuse(CANCELLED);
}

/**
 * A return's transfer sent: only an order with returns has one (shipped or delivered, refunded in part or in
 * full); the statuses stay.
 */
function refundSent(state: LifecycleState): Transition {
  const returned =
    (state.status === "shipped" || state.status === "delivered") &&
    (state.payment_status === "partially_refunded" || state.payment_status === "refunded");
  return returned
    ? move({ status: state.status, payment_status: state.payment_status }, "mark_refund_sent")
    : refuse("Cette commande n'a pas de remboursement de retour à effectuer.");
}

/** The move `command` makes from `state`, or why it is refused. Pure: the services turn it into one transaction. */
export function transition(state: LifecycleState, command: OrderCommand): Transition {
  if (command === "refund_sent") return refundSent(state);
  if (state.status === "cancelled") return fromCancelled(state, command);
  if (state.has_returns && command === "cancel") return refuse(RETURNED_BEFORE);
  if (state.payment_status === "pending" || state.payment_status === "failed")
    return fromUnpaid(state, command);
  if (state.status === "delivered") return fromDelivered(state, command);
  if (state.payment_status === "refunded") {
    // Refunded before it was closed (PayPal's dashboard, or a webhook of an earlier version): it can still be
    // cancelled, which gives the stock back and issues the missing credit note.
    return command === "cancel"
      ? move({ status: "cancelled", payment_status: "refunded" }, "release", "issue_credit_note")
      : refuse("Le paiement de cette commande est remboursé.");
  }
  return fromPaid(state, command);
}

export interface LifecyclePlan {
  to: LifecycleState;
  commands: OrderCommand[];
  effects: LifecycleEffect[];
  /** Every status passed through, in order (paid then shipped: confirmed, shipped), for the order's history. */
  statuses: OrderStatus[];
}

/** Applies commands one after the other; the first refused one refuses the whole plan. */
export function planCommands(
  state: LifecycleState,
  commands: readonly OrderCommand[],
): LifecyclePlan | { reason: string } {
  let current = state;
  const effects: LifecycleEffect[] = [];
  const statuses: OrderStatus[] = [];
  for (const command of commands) {
    const next = transition(current, command);
    if (!next.allowed) return { reason: next.reason };
    if (next.to.status !== current.status) statuses.push(next.to.status);
    current = { ...next.to, has_returns: current.has_returns };
    for (const effect of next.effects) if (!effects.includes(effect)) effects.push(effect);
  }
  return {
    to: { status: current.status, payment_status: current.payment_status },
    commands: [...commands],
    effects,
    statuses,
  };
}

const STATUS_STEPS: Partial<Record<OrderStatus, OrderCommand[]>> = {
  shipped: ["ship"],
  delivered: ["ship", "deliver"],
};

/**
 * The owner's order form says where she wants the order to be (status, payment); this finds the lifecycle's
 * commands that take it there, in order (cancel, then payment, then shipping steps), or says why it cannot go.
 * Marking a pending transfer paid and delivered in one save is pay -> ship -> deliver, each an allowed move.
 */
export function planAdminChange(
  state: LifecycleState,
  target: Partial<LifecycleState>,
): LifecyclePlan | { reason: string } {
  const commands: OrderCommand[] = [];
  let current = state;
  const add = (command: OrderCommand) => {
    const next = transition(current, command);
    if (!next.allowed) return next.reason;
    commands.push(command);
    current = { ...next.to, has_returns: current.has_returns };
    return null;
  };

  if (target.status === "cancelled" && current.status !== "cancelled") {
    const refused = add("cancel");
    if (refused) return { reason: refused };
  }
  if (target.payment_status && target.payment_status !== current.payment_status) {
    const command: OrderCommand | null =
      target.payment_status === "completed"
        ? "pay"
        : target.payment_status === "refunded"
          ? "refund_done"
          : null;
    if (!command) {
      return {
        reason:
          target.payment_status === "failed"
            ? "Un paiement n'est marqué échoué qu'en annulant la commande."
            : target.payment_status === "partially_refunded"
              ? "Un remboursement partiel s'enregistre avec « Retour et remboursement », ligne par ligne."
              : "Un paiement reçu ne redevient pas en attente.",
      };
    }
    const refused = add(command);
    if (refused) return { reason: refused };
  }
  if (target.status && target.status !== current.status) {
    if (target.status === "pending" || target.status === "confirmed") {
      return {
        reason:
          current.status === "cancelled"
            ? CANCELLED
            : target.status === "pending"
              ? "Une commande ne revient pas en attente."
              : current.status === "pending"
                ? `${NOT_PAID} Elle est confirmée quand son paiement est reçu : marquez-la payée.`
                : "Une commande expédiée ne revient pas en arrière.",
      };
    }
    const steps = (STATUS_STEPS[target.status] ?? []).filter(
      (step) => !(step === "ship" && current.status === "shipped"),
    );
    for (const step of steps) {
      const refused = add(step);
      if (refused) return { reason: refused };
    }
  }
  return planCommands(state, commands);
}

/** The one table of moves every writer of an order follows; docs/decisions/008-order-lifecycle.md. */
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
  /** Payment received for our exact total. */
  "pay",
  "abandon",
  "decline",
  "expire",
  "cancel",
  "ship",
  "deliver",
  "refund_done",
  /** Refunded in full in PayPal's own dashboard. */
  "refunded",
  /** Goods sent back after shipping and refunded: some lines... */
  "return_part",
  /** ...or everything left, delivery included. */
  "return_all",
  "refund_sent",
] as const;
export type OrderCommand = (typeof ORDER_COMMANDS)[number];

export type LifecycleEffect =
  | "issue_invoice"
  | "issue_credit_note"
  /** Exactly once. */
  | "release"
  /** Through PayPal's refund API before anything is written (a refusal writes nothing), or a transfer to make. */
  | "refund_lines"
  /** It cites the invoice, which stays. */
  | "issue_refund_note"
  | "restock_returned"
  | "refund_mail"
  | "mark_refund_sent"
  | "shipping_mail"
  /** A PayPal capture is refunded at once (then refund_done); a transfer is sent back by the owner, who records it. */
  | "refund_payment"
  /** Before the move is written (a refusal writes nothing); one PayPal-Request-Id per order, so never twice. */
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

export const RETURN_EFFECTS: readonly LifecycleEffect[] = [
  "refund_lines",
  "issue_refund_note",
  "restock_returned",
  "refund_mail",
];

function returnMove(state: LifecycleState, command: "return_part" | "return_all"): Transition {
  return move(
    { status: state.status, payment_status: command === "return_all" ? "refunded" : "partially_refunded" },
    ...RETURN_EFFECTS,
  );
}

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

function refundSent(state: LifecycleState): Transition {
  const returned =
    (state.status === "shipped" || state.status === "delivered") &&
    (state.payment_status === "partially_refunded" || state.payment_status === "refunded");
  return returned
    ? move({ status: state.status, payment_status: state.payment_status }, "mark_refund_sent")
    : refuse("Cette commande n'a pas de remboursement de retour à effectuer.");
}

/** Pure: the services turn the move into one transaction. */
export function transition(state: LifecycleState, command: OrderCommand): Transition {
  if (command === "refund_sent") return refundSent(state);
  if (state.status === "cancelled") return fromCancelled(state, command);
  if (state.has_returns && command === "cancel") return refuse(RETURNED_BEFORE);
  if (state.payment_status === "pending" || state.payment_status === "failed")
    return fromUnpaid(state, command);
  if (state.status === "delivered") return fromDelivered(state, command);
  if (state.payment_status === "refunded") {
    // Refunded before it was closed: cancelling still gives the stock back and issues the missing credit note.
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
  /** Every status passed through, in order, for the order's history. */
  statuses: OrderStatus[];
}

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

/** The commands (cancel, then payment, then shipping) that take the order where the owner's form says, or why not. */
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

import { formatDateTime } from "../../../domain/admin/admin-format";
import { PREPARATION_LABELS } from "../../../domain/admin/owner-todo/display";
import type { OwnerTodo } from "../../../domain/admin/owner-todo/list";
import type { PreparationState } from "../../../domain/admin/owner-todo/orders";
import type { Order } from "../../../domain/orders/order";
import { DayLabelsButton } from "../../shipping/admin/DayLabelsButton";
import { LabelActions } from "../../shipping/admin/LabelActions";
import { Badge, type Tone } from "../../ui/admin/ui";
import { OrderLink, Row, TodoGroup } from "./TodoParts";

const PREPARATION_TONES: Record<PreparationState, Tone> = {
  on_time: "neutral",
  due: "warning",
  late: "danger",
};

/** What the orders to ship need for their labels (LabelActions). */
export interface TodoLabels {
  configured: boolean;
  labelled: Readonly<Record<string, Order>>;
  onCreated: (order: Order) => void;
}

/**
 * « Commandes à expédier »: each paid order with how long it has waited, and « Créer l'étiquette » once Colissimo is
 * set up, with the day's labels for the whole group.
 */
export function ToShipGroup({ orders, labels }: { orders: OwnerTodo["to_ship"]; labels: TodoLabels }) {
  if (orders.length === 0) return null;
  return (
    <TodoGroup
      id="todo-ship"
      title="Commandes à expédier"
      hint="Préparation sous 24 à 48 h après le paiement."
      action={labels.configured ? <DayLabelsButton /> : undefined}
    >
      {orders.map((item) => (
        <Row key={item.order_id} highlight={item.preparation === "late"}>
          <OrderLink number={item.order_number} /> · {item.customer}
          <span className="block text-ink-soft">
            Payée le {formatDateTime(item.paid_at)} (il y a {item.hours_waiting} h)
          </span>
          <Badge tone={PREPARATION_TONES[item.preparation]}>{PREPARATION_LABELS[item.preparation]}</Badge>
          <LabelActions
            className="mt-2"
            order={labels.labelled[item.order_id] ?? toShip(item.order_id)}
            colissimoConfigured={labels.configured}
            onCreated={labels.onCreated}
          />
        </Row>
      ))}
    </TodoGroup>
  );
}

/** An order of « Commandes à expédier » as the label's action reads it: paid, still to prepare, no label yet. */
function toShip(orderId: string) {
  return {
    id: orderId,
    status: "confirmed",
    payment_status: "completed",
    has_shipping_label: false,
    shipping_company: null,
    tracking_number: null,
  } as const;
}

import { lazy, Suspense, useId, useLayoutEffect, useRef, useState } from "react";
import type { Order } from "../../../../domain/orders/order";
import { RefundsList } from "../returns/RefundsList";
import { OrderActions } from "./OrderActions";
import { OrderCardHeader } from "./OrderCardHeader";
import { OrderAddress, OrderNotes, OrderPickupPoint } from "./OrderDestination";
import { OrderItems, OrderTotals } from "./OrderItems";
import { AutoRefundNotice, OrderDocuments, PaymentReferences } from "./OrderPayment";
import { OrderShipping } from "./OrderShipping";

/** The return form loads when the owner opens it. */
const ReturnDialog = lazy(() => import("../returns/ReturnDialog").then((m) => ({ default: m.ReturnDialog })));

/**
 * One order of the Orders tab: what was bought, how it was paid, where it goes, its Colissimo label, and
 * its inline edit form.
 */
export function OrderCard({
  order,
  onSaved,
  onEditStart,
  initiallyOpen = false,
  colissimoConfigured = false,
  trackingConfigured = false,
  onLabelCreated = onSaved,
}: {
  order: Order;
  onSaved: (order: Order) => void;
  onEditStart: () => void;
  /** Shown opened (the one order a link of the to-do list names). */
  initiallyOpen?: boolean;
  /** The « Colissimo » card is complete: a paid order to prepare offers « Créer l'étiquette ». */
  colissimoConfigured?: boolean;
  /** La Poste's API key is in the « Colissimo » card: a Colissimo order on its way offers « Actualiser le suivi ». */
  trackingConfigured?: boolean;
  /** The order as « Créer l'étiquette » or « Actualiser le suivi » answered it. */
  onLabelCreated?: (order: Order) => void;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [editing, setEditing] = useState(false);
  const [returning, setReturning] = useState(false);
  const bodyId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const titleId = useId();

  // Closing the form gives the focus back to its button.
  useLayoutEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  // A parcel for a pick-up point; the customer's address is then her contact, not where it goes.
  const point = order.delivery_mode === "pickup" ? order.pickup_point : null;

  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-cream-300 bg-white px-5 py-4 shadow-sm sm:px-6"
    >
      {/* One line per order until the owner opens it: the list of a busy day stays short. */}
      <OrderCardHeader
        order={order}
        open={open}
        onToggle={() => setOpen((value) => !value)}
        titleId={titleId}
        bodyId={bodyId}
        pickup={Boolean(point)}
      />

      {open && (
        <div id={bodyId}>
          <div className="grid gap-6 pt-4 lg:grid-cols-[3fr_2fr]">
            <div className="space-y-5">
              <OrderItems items={order.items} />
              {point && <OrderPickupPoint point={point} />}
              <OrderAddress order={order} pickup={Boolean(point)} />
              {order.order_notes && <OrderNotes notes={order.order_notes} />}
            </div>

            <div className="space-y-4">
              <OrderTotals order={order} />
              <PaymentReferences order={order} />
              <OrderDocuments order={order} />
            </div>
          </div>

          <OrderShipping
            order={order}
            colissimoConfigured={colissimoConfigured}
            trackingConfigured={trackingConfigured}
            onLabelCreated={onLabelCreated}
          />

          {order.auto_refund_id && <AutoRefundNotice refundId={order.auto_refund_id} />}
          <RefundsList order={order} onSaved={onSaved} />

          <OrderActions
            order={order}
            editing={editing}
            onEditing={setEditing}
            onEditStart={onEditStart}
            onReturn={() => setReturning(true)}
            onSaved={onSaved}
            editButton={editButton}
          />
        </div>
      )}
      {returning && (
        <Suspense fallback={null}>
          <ReturnDialog
            order={order}
            onSaved={(saved) => {
              setReturning(false);
              onSaved(saved);
            }}
            onClose={() => setReturning(false)}
          />
        </Suspense>
      )}
    </article>
  );
}

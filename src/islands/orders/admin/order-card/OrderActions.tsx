import type { Ref } from "react";
import type { Order } from "../../../../domain/orders/order";
import { orderNumber } from "../../../../domain/orders/order-status";
import { canRecordReturn } from "../../../../domain/orders/refund";
import { smallButton } from "../../../ui/admin/ui";
import { GuestLinkAction } from "./GuestLinkAction";
import { OrderEditor } from "./OrderEditor";

/**
 * What the owner does with an order: « Modifier » opens the inline edit form in its place, « Retour et
 * remboursement » the return dialog, and a guest order offers a new tracking link.
 */
export function OrderActions({
  order,
  editing,
  onEditing,
  onEditStart,
  onReturn,
  onSaved,
  editButton,
}: {
  order: Order;
  editing: boolean;
  onEditing: (editing: boolean) => void;
  onEditStart: () => void;
  onReturn: () => void;
  onSaved: (order: Order) => void;
  /** The « Modifier » button, which gets the focus back when the form closes. */
  editButton: Ref<HTMLButtonElement>;
}) {
  const number = orderNumber(order.id);
  return (
    <>
      <div className="mt-5 border-t border-cream-200 pt-4">
        {editing ? (
          <OrderEditor
            order={order}
            onCancel={() => onEditing(false)}
            onSaved={(saved) => {
              onEditing(false);
              onSaved(saved);
            }}
          />
        ) : (
          <button
            ref={editButton}
            type="button"
            className={smallButton}
            aria-label={`Modifier la commande #${number}`}
            onClick={() => {
              onEditStart();
              onEditing(true);
            }}
          >
            Modifier
          </button>
        )}
        {!editing && canRecordReturn(order) && (
          <button
            type="button"
            className={`${smallButton} ml-2`}
            aria-label={`Retour et remboursement de la commande #${number}`}
            onClick={onReturn}
          >
            Retour et remboursement
          </button>
        )}
      </div>
      {order.is_guest && !editing && <GuestLinkAction order={order} />}
    </>
  );
}

import { type FormEvent, useLayoutEffect, useRef, useState } from "react";
import {
  needsCancelConfirmation,
  type OrderEditForm,
  orderEditForm,
  orderUpdatePayload,
  paymentStatusChoices,
} from "../../../../domain/orders/admin-orders";
import type { Order } from "../../../../domain/orders/order";
import {
  ORDER_STATUSES,
  orderNumber,
  orderStatusLabel,
  paymentStatusLabel,
} from "../../../../domain/orders/order-status";
import { updateOrder } from "../../../ui/admin/admin-api";
import { ConfirmDialog } from "../../../ui/admin/dialogs";
import { SelectField, TextAreaField } from "../../../ui/admin/form-controls";
import { useSave } from "../../../ui/admin/hooks";
import { fieldBinder, fieldSetter, Notice, TextField } from "../../../ui/fields";

const statusOptions = ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status) }));

/** The inline edit form: status, payment, carrier, tracking, estimated delivery, notes; cancelling asks first. */
export function OrderEditor({
  order,
  onCancel,
  onSaved,
}: {
  order: Order;
  onCancel: () => void;
  onSaved: (order: Order) => void;
}) {
  const [form, setForm] = useState<OrderEditForm>(() => orderEditForm(order));
  const { saving, error, fields, run } = useSave();
  const [confirming, setConfirming] = useState(false);
  const number = orderNumber(order.id);
  const cancelled = order.status === "cancelled";
  const formRef = useRef<HTMLFormElement>(null);

  useLayoutEffect(() => {
    formRef.current?.querySelector<HTMLElement>("select:not([disabled]), input")?.focus();
  }, []);

  const set = fieldSetter(setForm);
  const bind = fieldBinder(form, setForm, fields);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (needsCancelConfirmation(order.status, form.status)) setConfirming(true);
    else void save();
  }

  async function save() {
    setConfirming(false);
    await run(async () => onSaved(await updateOrder(order.id, orderUpdatePayload(form, order))));
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      aria-label={`Modifier la commande #${number}`}
      className="space-y-4"
    >
      {error && <Notice kind="error">{error}</Notice>}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Statut de la commande"
          value={form.status}
          onValue={set("status")}
          options={statusOptions}
          disabled={cancelled}
          hint={
            cancelled
              ? "Une commande annulée ne peut pas être rouverte."
              : "Annuler une commande remet ses articles en stock."
          }
          error={fields.status}
        />
        <SelectField
          label="Statut du paiement"
          value={form.payment_status}
          onValue={set("payment_status")}
          options={paymentStatusChoices(order.payment_status).map((status) => ({
            value: status,
            label: paymentStatusLabel(status),
          }))}
          error={fields.payment_status}
        />
        <TextField
          label="Transporteur"
          {...bind("shipping_company")}
          placeholder="Colissimo, Chronopost"
          maxLength={60}
        />
        <TextField label="Numéro de suivi" {...bind("tracking_number")} maxLength={60} />
        <TextField label="Date de livraison estimée" {...bind("estimated_delivery")} type="date" />
        <TextAreaField label="Notes de livraison" {...bind("shipping_notes")} maxLength={500} rows={2} />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary px-6" disabled={saving}>
          {saving ? "Enregistrement..." : "Enregistrer"}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Annuler
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Annuler la commande #${number} ?`}
          message={
            <p>
              Les articles seront remis en stock et l'utilisation du code promo sera rendue. Une commande
              annulée ne peut pas être rouverte.
            </p>
          }
          confirmLabel="Confirmer l'annulation"
          cancelLabel="Retour"
          onConfirm={() => void save()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </form>
  );
}

import { type FormEvent, useId, useMemo, useState } from "react";
import { formatAmount } from "../../../../domain/admin/admin-format";
import { centsToEuros } from "../../../../domain/money";
import type { Order } from "../../../../domain/orders/order";
import {
  refundAmounts,
  refundableOrder,
  returnedQuantities,
  returnProblem,
} from "../../../../domain/orders/refund";
import { ApiError, errorMessage } from "../../../../lib/api-client";
import { recordReturn } from "../../../ui/admin/admin-api";
import { Dialog } from "../../../ui/admin/dialogs";
import { CheckboxField } from "../../../ui/admin/form-controls";
import { useAccessGuard } from "../../../ui/admin/hooks";
import { Notice } from "../../../ui/fields";

/** 0 to `left`, the quantities a line can still come back with. */
const quantityChoices = (left: number) => Array.from({ length: left + 1 }, (_, index) => index);

interface LineChoice {
  quantity: number;
  restock: boolean;
}

/**
 * "Retour et remboursement" (order-lifecycle.md "return received"): the owner picks, line by line, how many units
 * came back and whether they go back on sale, and whether the delivery cost is refunded. The amount is computed here
 * by the server's own rules and checked again by the server; a PayPal order is refunded at once, a bank transfer is
 * listed as a refund to make.
 */
export function ReturnDialog({
  order,
  onSaved,
  onClose,
}: {
  order: Order;
  onSaved: (order: Order) => void;
  onClose: () => void;
}) {
  const refundable = useMemo(() => refundableOrder(order), [order]);
  const returned = useMemo(() => returnedQuantities(refundable), [refundable]);
  const [choices, setChoices] = useState<LineChoice[]>(() =>
    order.items.map(() => ({ quantity: 0, restock: true })),
  );
  const [refundShipping, setRefundShipping] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const guard = useAccessGuard();
  const baseId = useId();

  const request = {
    lines: choices.map((choice, index) => ({ index, ...choice })).filter((line) => line.quantity > 0),
    refund_shipping: refundShipping,
  };
  const problem = returnProblem(refundable, request);
  const amounts = refundAmounts(refundable, request);
  const shippingLeft =
    refundable.shipping_cents - (refundable.refunds ?? []).reduce((s, r) => s + r.shipping_cents, 0);
  const set = (index: number, change: Partial<LineChoice>) =>
    setChoices((current) => current.map((choice, i) => (i === index ? { ...choice, ...change } : choice)));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || problem) return;
    setSaving(true);
    setError(null);
    try {
      onSaved(
        await recordReturn(order.id, {
          ...request,
          order_version: order.version,
          amount: centsToEuros(amounts.total_cents),
        }),
      );
    } catch (failure) {
      if (guard(failure)) return;
      const changed = failure instanceof ApiError && failure.code === "REFUND_AMOUNT_CHANGED";
      setError(
        changed
          ? `${errorMessage(failure, "")} Fermez et rouvrez le retour pour voir le montant à jour.`
          : errorMessage(failure, "Une erreur est survenue"),
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog title={`Retour et remboursement — commande #${order.id.slice(-8)}`} onClose={onClose} wide>
      <form onSubmit={onSubmit} className="space-y-5">
        {error && <Notice kind="error">{error}</Notice>}
        <fieldset>
          <legend className="font-semibold text-ink">Produits retournés</legend>
          <ul className="mt-2 divide-y divide-cream-200">
            {order.items.map((item, index) => {
              const left = item.quantity - (returned[index] ?? 0);
              const choice = choices[index] ?? { quantity: 0, restock: true };
              const quantityId = `${baseId}-q${index}`;
              return (
                <li key={item.id} className="grid gap-2 py-3 sm:grid-cols-[1fr_auto_auto] sm:items-center">
                  <span>
                    <span className="font-medium text-ink">{item.product_name}</span>
                    <span className="block text-sm text-ink-soft">
                      {item.quantity} × {formatAmount(item.unit_price)}
                      {left < item.quantity && ` — ${item.quantity - left} déjà retourné(s)`}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <label htmlFor={quantityId} className="text-sm text-ink">
                      Quantité retournée
                    </label>
                    <select
                      id={quantityId}
                      value={choice.quantity}
                      disabled={left === 0}
                      onChange={(event) => set(index, { quantity: Number(event.currentTarget.value) })}
                      className="rounded-md border border-cream-300 bg-white px-2 py-1"
                    >
                      {quantityChoices(left).map((quantity) => (
                        <option key={quantity} value={quantity}>
                          {quantity}
                        </option>
                      ))}
                    </select>
                  </span>
                  <CheckboxField
                    label="Remettre en stock"
                    checked={choice.restock}
                    onChecked={(restock) => set(index, { restock })}
                  />
                </li>
              );
            })}
          </ul>
        </fieldset>
        {shippingLeft > 0 && (
          <CheckboxField
            label={`Rembourser la livraison (${formatAmount(centsToEuros(shippingLeft))})`}
            hint="Obligatoire quand toute la commande est retournée dans le délai de rétractation."
            checked={refundShipping}
            onChecked={setRefundShipping}
          />
        )}
        <div className="rounded-xl bg-cream-100 p-4 text-sm">
          <p className="text-base font-semibold text-olive-900" aria-live="polite">
            À rembourser : {formatAmount(centsToEuros(problem ? 0 : amounts.total_cents))}
          </p>
          {amounts.discount_cents > 0 && !problem && (
            <p className="text-ink-soft">
              Remise du code promo déduite au prorata : −{formatAmount(centsToEuros(amounts.discount_cents))}
            </p>
          )}
          <p className="mt-1 text-ink">
            {order.payment_method === "paypal"
              ? "Le client est remboursé tout de suite sur son compte PayPal."
              : "Un virement est à faire au client : la commande l'affiche jusqu'à ce que vous le marquiez effectué."}{" "}
            Un avoir est émis et le client reçoit un e-mail.
          </p>
          {problem && request.lines.length > 0 && <p className="mt-1 font-medium text-alert">{problem}</p>}
        </div>
        <div className="flex flex-wrap justify-end gap-3 border-t border-cream-300 pt-5">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Annuler
          </button>
          <button type="submit" className="btn btn-primary px-6" disabled={saving || Boolean(problem)}>
            {saving
              ? "Remboursement..."
              : `Enregistrer le retour et rembourser ${formatAmount(centsToEuros(problem ? 0 : amounts.total_cents))}`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { useLayoutEffect, useRef, useState } from "react";
import type { Order } from "../../../domain/orders/order";
import { orderNumber } from "../../../domain/orders/order-status";
import {
  canCreateLabel,
  labelCreatedMessage,
  labelFailureMessage,
} from "../../../domain/shipping/admin-labels";
import { labelUrl } from "../../../lib/api/api-links";
import { ApiError } from "../../../lib/api-client";
import { createShippingLabel } from "../../ui/admin/admin-api";
import { useAccessGuard } from "../../ui/admin/hooks";
import { linkClass, smallButton } from "../../ui/admin/ui";

type LabelState = { step: "idle" } | { step: "creating" } | { step: "created"; message: string };

/**
 * Colissimo labels (docs/decisions/047), the same on an order's card and in the to-do list's « Commandes à
 * expédier »: « Créer l'étiquette » for a paid order still to prepare, « Imprimer l'étiquette » once it has one.
 *
 * The label's action for one order. A click sends one request, however often it is clicked: the button is disabled
 * and says « Création de l'étiquette… » meanwhile. The answer is the order, now « Expédiée » with its tracking
 * number: `onCreated` shows it, and the focus goes to the word of success, which the print link follows. A refusal
 * shows the API's French message beside the order (role alert), and the focus stays on the button.
 */
export function LabelActions({
  order,
  colissimoConfigured,
  onCreated,
  className = "",
}: {
  order: Pick<
    Order,
    "id" | "status" | "payment_status" | "has_shipping_label" | "shipping_company" | "tracking_number"
  >;
  colissimoConfigured: boolean;
  onCreated: (order: Order) => void;
  className?: string;
}) {
  const [state, setState] = useState<LabelState>({ step: "idle" });
  const [error, setError] = useState<string | null>(null);
  // A label bought while the order changed (the 409 names its parcel): not on the order, printable all the same.
  const [strayLabel, setStrayLabel] = useState(false);
  const running = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const guard = useAccessGuard();
  const number = orderNumber(order.id);

  // After the answer: on the word of success (the button is gone), or back on the button (disabled meanwhile, it lost
  // the focus). A layout effect, so the focus moves before the frame that shows the result (decision record 046).
  useLayoutEffect(() => {
    if (state.step === "created") outcome.current?.focus();
    else if (state.step === "idle" && error) button.current?.focus();
  }, [state.step, error]);

  async function create() {
    if (running.current) return;
    running.current = true;
    setError(null);
    setStrayLabel(false);
    setState({ step: "creating" });
    try {
      const shipped = await createShippingLabel(order.id);
      onCreated(shipped);
      setState({ step: "created", message: labelCreatedMessage(shipped) });
    } catch (failure) {
      setState({ step: "idle" });
      if (guard(failure)) return;
      setStrayLabel(failure instanceof ApiError && typeof failure.details.parcel_number === "string");
      setError(
        labelFailureMessage(
          failure instanceof ApiError
            ? failure
            : { status: 0, message: failure instanceof Error ? failure.message : "" },
        ),
      );
    } finally {
      running.current = false;
    }
  }

  const creatable = canCreateLabel(order, colissimoConfigured);
  if (!creatable && !order.has_shipping_label && state.step !== "created" && !error) return null;
  const creating = state.step === "creating";
  return (
    <div className={`flex flex-col items-start gap-2 ${className}`}>
      {state.step === "created" && (
        <p
          ref={outcome}
          tabIndex={-1}
          role="status"
          className="rounded-lg border border-olive-300 bg-olive-50 px-3 py-2 text-sm font-medium text-olive-800"
        >
          {state.message}
        </p>
      )}
      {creatable && state.step !== "created" && (
        <button
          ref={button}
          type="button"
          className={smallButton}
          disabled={creating}
          aria-describedby={error ? `etiquette-erreur-${order.id}` : undefined}
          onClick={() => void create()}
        >
          {creating ? "Création de l'étiquette…" : "Créer l'étiquette"}
          <span className="sr-only"> de la commande n° {number}</span>
        </button>
      )}
      {(order.has_shipping_label || strayLabel) && (
        <a className={linkClass} href={labelUrl(order.id)} target="_blank" rel="noopener">
          Imprimer l'étiquette
          <span className="sr-only"> de la commande n° {number} (PDF, nouvel onglet)</span>
        </a>
      )}
      {error && (
        <p
          id={`etiquette-erreur-${order.id}`}
          role="alert"
          className="rounded-lg border border-alert/30 bg-red-50 px-3 py-2 text-sm font-medium text-alert"
        >
          {error}
        </p>
      )}
    </div>
  );
}

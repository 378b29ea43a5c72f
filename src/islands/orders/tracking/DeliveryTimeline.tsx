import { DELIVERY_STEPS, deliveryStepIndex } from "../../../domain/orders/order-display";
import { orderStatusLabel } from "../../../domain/orders/order-status";
import type { Order } from "../../../lib/shop-client";
import { StatusIcon } from "../StatusBadge";

/** « Étapes de la commande »: the steps reached filled in, the current one named for screen readers. */
export function DeliveryTimeline({ status }: { status: Order["status"] }) {
  const reached = deliveryStepIndex(status);
  if (reached < 0) return null;
  return (
    <ol className="mt-8 grid grid-cols-4 gap-2" aria-label="Étapes de la commande">
      {DELIVERY_STEPS.map((step, index) => {
        const done = index <= reached;
        return (
          <li key={step} className="flex flex-col items-center text-center">
            <span
              className={`flex size-10 items-center justify-center rounded-full border-2 ${done ? "border-olive-700 bg-olive-700 text-cream-50" : "border-cream-300 bg-white text-ink-soft"}`}
            >
              <StatusIcon status={step} />
            </span>
            <span className={`mt-2 text-sm ${done ? "font-semibold text-olive-900" : "text-ink-soft"}`}>
              {orderStatusLabel(step)}
              {index === reached && <span className="sr-only"> (étape actuelle)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

import { formatAmount, formatDateTime } from "../../../../domain/admin/admin-format";
import { customerLabel, orderPaymentTone } from "../../../../domain/orders/admin-orders";
import type { Order } from "../../../../domain/orders/order";
import {
  orderNumber,
  orderPaymentLabel,
  orderStatusLabel,
  orderStatusTone,
  paymentMethodLabel,
} from "../../../../domain/orders/order-status";
import { Badge } from "../../../ui/admin/ui";

/**
 * The order card's one line: its number and total open or fold it; the customer, the date, the status,
 * the payment and, for a pick-up point, the delivery stay in view while it is folded.
 */
export function OrderCardHeader({
  order,
  open,
  onToggle,
  titleId,
  bodyId,
  pickup,
}: {
  order: Order;
  open: boolean;
  onToggle: () => void;
  titleId: string;
  bodyId: string;
  pickup: boolean;
}) {
  return (
    <header
      className={`flex flex-wrap items-start justify-between gap-3 ${open ? "border-b border-cream-200 pb-4" : ""}`}
    >
      <div>
        <h3 className="font-serif text-xl font-semibold text-olive-900">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={onToggle}
            className="group inline-flex items-center gap-2 rounded-md text-left"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className={`size-4 shrink-0 text-olive-700 transition-transform ${open ? "rotate-90" : ""}`}
              fill="currentColor"
            >
              <path d="M7 4l6 6-6 6V4z" />
            </svg>
            <span id={titleId} className="group-hover:underline">
              Commande #{orderNumber(order.id)}
            </span>
            <span className="font-sans text-base font-semibold text-crust-800 tabular-nums">
              {formatAmount(order.total_amount)}
            </span>
          </button>
        </h3>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 font-medium text-ink">
          {customerLabel(order)}
          {/* Placed without an account; the word says it, the colour only helps. */}
          {order.is_guest && (
            <Badge tone="info" title="Commande passée sans compte client">
              Invité
            </Badge>
          )}
        </p>
        {order.user.full_name && <p className="text-sm break-all text-ink-soft">{order.user.email}</p>}
        <p className="text-sm text-ink-soft">
          <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
        </p>
      </div>
      <dl className="flex flex-col items-start gap-2 text-sm sm:items-end">
        <div className="flex items-center gap-2">
          <dt className="text-ink-soft">Statut</dt>
          <dd>
            <Badge tone={orderStatusTone(order.status)}>{orderStatusLabel(order.status)}</Badge>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-ink-soft">Paiement</dt>
          <dd className="flex flex-wrap gap-1.5">
            <Badge tone="neutral">{paymentMethodLabel(order.payment_method)}</Badge>
            <Badge tone={orderPaymentTone(order)}>{orderPaymentLabel(order, "owner")}</Badge>
          </dd>
        </div>
        {pickup && (
          <div className="flex items-center gap-2">
            <dt className="text-ink-soft">Livraison</dt>
            <dd>
              <Badge tone="progress">Point relais</Badge>
            </dd>
          </div>
        )}
      </dl>
    </header>
  );
}

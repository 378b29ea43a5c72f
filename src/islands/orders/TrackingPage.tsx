import { useStore } from "@nanostores/preact";
import { type ReactNode, useEffect, useState } from "preact/compat";
import { eurosToCents, formatEuros } from "../../domain/money";
import {
  DELIVERY_STEPS,
  deliveryStepIndex,
  formatLongDate,
  formatOrderDate,
  hasTrackingDetails,
  trackingIdFromLocation,
  trackingUrl,
} from "../../domain/orders/order-display";
import {
  colissimoTrackingUrl,
  isColissimo,
  orderNumber,
  orderStatusLabel,
} from "../../domain/orders/order-status";
import { pickupMessages } from "../../domain/shipping/pickup-point";
import { withdrawalHref, withdrawalOffered } from "../../domain/withdrawals/withdrawal";
import { ApiError } from "../../lib/api-client";
import { fetchMyOrder, type Order } from "../../lib/shop-client";
import { openAuthModal } from "../../stores/auth-modal";
import { $session, handleUnauthenticated, startSession } from "../../stores/session";
import { ParcelEvents } from "../ui/ParcelEvents";
import { orderPickupPoint, PickupPointDetails } from "./PickupPointDetails";
import { StatusBadge, StatusIcon } from "./StatusBadge";
import { TransferInstructions } from "./TransferInstructions";

/** Messages of spec 8 "Tracking", verbatim. */
const messages = {
  missing: "Utilisateur non connecté ou ID de commande manquant.",
  notFound: "Commande non trouvée.",
  failed: "Erreur lors du chargement des détails de la commande.",
  loadTitle: "Erreur de chargement",
  notFoundTitle: "Commande introuvable",
  notFoundText: "L'ID de commande spécifié n'a pas pu être trouvé.",
} as const;

type State =
  | { status: "loading" }
  | { status: "missing" }
  | { status: "not_found" }
  | { status: "error" }
  | { status: "ready"; order: Order };

/**
 * /orders/track/{orderId} (spec 2 "Tracking"): a prebuilt shell, the id read from the address (or from ?id=, the
 * older AWS redirect); the order from GET /api/user/orders/{id}, the caller's own only.
 */
export default function TrackingPage() {
  const session = useStore($session, { ssr: "initial" });
  const [orderId, setOrderId] = useState<string | null | undefined>(undefined);
  const [state, setState] = useState<State>({ status: "loading" });
  const userId = session.user?.id;

  useEffect(() => {
    void startSession();
    const id = trackingIdFromLocation(window.location.pathname, window.location.search);
    // Show the order's own address when the edge sent us here as /orders/track/?id=...
    if (id && window.location.search) window.history.replaceState(null, "", trackingUrl(id));
    setOrderId(id);
  }, []);

  useEffect(() => {
    if (orderId === undefined || session.status === "unknown" || session.status === "loading") return;
    if (!orderId || !userId) {
      setState({ status: "missing" });
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    fetchMyOrder(orderId, controller.signal)
      .then((order) => {
        setState({ status: "ready", order });
        document.title = document.title.replace(/^[^|]*/, `Suivi de la commande #${orderNumber(order.id)} `);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || handleUnauthenticated(error)) return;
        const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setState({ status: notFound ? "not_found" : "error" });
      });
    return () => controller.abort();
  }, [orderId, userId, session.status]);

  return <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">{content()}</div>;

  function content() {
    if (state.status === "loading") {
      // The prebuilt page's heading until the order is read (issue 28, item 16: every page has its <h1>).
      return (
        <>
          <h1 className="sr-only">Suivi de commande</h1>
          <p role="status" className="py-16 text-center text-lg text-ink-soft">
            Chargement du suivi de commande...
          </p>
        </>
      );
    }
    if (state.status === "missing" || state.status === "error") {
      return (
        <ErrorPanel title={messages.loadTitle}>
          <p role="alert" className="mt-3 text-alert">
            {state.status === "missing" ? messages.missing : messages.failed}
          </p>
          {state.status === "missing" && session.status === "signed-out" && (
            <button
              type="button"
              className="btn btn-primary mt-6 px-6"
              onClick={() => openAuthModal("signin")}
            >
              Se connecter
            </button>
          )}
        </ErrorPanel>
      );
    }
    if (state.status === "not_found") {
      return (
        <ErrorPanel title={messages.notFoundTitle}>
          <p role="alert" className="mt-3 text-alert">
            {messages.notFound}
          </p>
          <p className="mt-1 text-ink-soft">{messages.notFoundText}</p>
        </ErrorPanel>
      );
    }
    return <TrackingDetails order={state.order} />;
  }
}

function ErrorPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-cream-300 bg-white p-8 text-center shadow-sm">
      <h1 className="font-serif text-3xl font-semibold text-olive-900">{title}</h1>
      {children}
      <p className="mt-6">
        <a
          href="/orders"
          className="rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
        >
          ← Retour à mes commandes
        </a>
      </p>
    </section>
  );
}

function TrackingDetails({ order }: { order: Order }) {
  const carrier = order.shipping_company?.trim() || null;
  const tracking = order.tracking_number?.trim() || null;
  const estimated = order.estimated_delivery?.trim() || null;
  const reached = deliveryStepIndex(order.status);
  const address = order.shipping_address;
  const point = orderPickupPoint(order);
  return (
    <>
      <a
        href="/orders"
        className="inline-block rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
      >
        ← Retour à mes commandes
      </a>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl font-semibold text-olive-900 sm:text-4xl">Suivi de commande</h1>
          <p className="mt-1 text-ink-soft">
            Commande #{orderNumber(order.id)} · passée le{" "}
            <time dateTime={order.created_at}>{formatOrderDate(order.created_at)}</time>
          </p>
        </div>
        <StatusBadge status={order.status} />
      </div>
      {withdrawalOffered(order, new Date()) && (
        <p className="mt-4">
          <a href={withdrawalHref(order.id)} className="btn btn-secondary px-5">
            Se rétracter de cette commande
          </a>
        </p>
      )}

      {order.transfer_instructions && (
        <TransferInstructions className="mt-6" instructions={order.transfer_instructions} />
      )}

      {reached >= 0 && (
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
      )}

      <section
        aria-labelledby="shipping-title"
        className="mt-8 rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="shipping-title" className="font-serif text-xl font-semibold text-olive-900">
          Informations d'expédition
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          <dt className="text-ink-soft">Statut</dt>
          <dd className="font-semibold text-ink">{orderStatusLabel(order.status)}</dd>
          {point && (
            <>
              <dt className="text-ink-soft">Mode de livraison</dt>
              <dd className="font-semibold text-ink">{pickupMessages.pickupLabel}</dd>
            </>
          )}
          {carrier && (
            <>
              <dt className="text-ink-soft">Transporteur</dt>
              <dd className="font-semibold text-ink">{carrier}</dd>
            </>
          )}
          {tracking && (
            <>
              <dt className="text-ink-soft">Numéro de suivi</dt>
              <dd className="font-mono font-semibold text-ink">{tracking}</dd>
            </>
          )}
          {estimated && (
            <>
              <dt className="text-ink-soft">Livraison estimée</dt>
              <dd className="font-semibold text-ink first-letter:uppercase">{formatLongDate(estimated)}</dd>
            </>
          )}
          {order.shipping_notes && (
            <>
              <dt className="text-ink-soft">Notes</dt>
              <dd className="whitespace-pre-line text-ink">{order.shipping_notes}</dd>
            </>
          )}
        </dl>
        {!hasTrackingDetails(order) && (
          <p className="mt-4 rounded-lg bg-cream-100 px-4 py-3 text-ink-soft">
            Aucune information de suivi détaillée n'est disponible pour le moment. Elles apparaîtront ici dès
            l'expédition de votre colis.
          </p>
        )}
        {isColissimo(carrier) && tracking && (
          <a
            href={colissimoTrackingUrl(tracking)}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-primary mt-5 px-5"
          >
            Suivre sur Colissimo<span className="sr-only"> (nouvel onglet)</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
            </svg>
          </a>
        )}
      </section>

      <ParcelEvents
        events={order.tracking_events}
        className="mt-6 rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6"
      />

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        {point ? (
          // Issue 31: the parcel waits at a pick-up point; the customer's address stays her contact, not shown here.
          <PickupPointDetails
            point={point}
            className="rounded-2xl border border-cream-300 bg-white p-5 shadow-sm"
          />
        ) : (
          <section
            aria-labelledby="address-title"
            className="rounded-2xl border border-cream-300 bg-white p-5 shadow-sm"
          >
            <h2 id="address-title" className="font-serif text-lg font-semibold text-olive-900">
              Adresse de livraison
            </h2>
            <address className="mt-2 leading-relaxed text-ink not-italic">
              <span className="block font-semibold">
                {address.first_name} {address.last_name}
              </span>
              <span className="block">{address.address_line1}</span>
              {address.address_line2 && <span className="block">{address.address_line2}</span>}
              <span className="block">
                {address.postal_code} {address.city}
              </span>
              <span className="block">{address.country}</span>
            </address>
          </section>
        )}
        <section
          aria-labelledby="items-title"
          className="rounded-2xl border border-cream-300 bg-white p-5 shadow-sm"
        >
          <h2 id="items-title" className="font-serif text-lg font-semibold text-olive-900">
            Articles
          </h2>
          <ul className="mt-2 space-y-1 text-ink">
            {order.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-3">
                <span>
                  {item.quantity} × {item.product_name}
                </span>
                <span className="tabular-nums">{formatEuros(eurosToCents(item.total_price))}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex justify-between gap-3 text-ink-soft">
            <span>Livraison</span>
            <span className="tabular-nums">
              {order.shipping_amount === 0 ? "Gratuit" : formatEuros(eurosToCents(order.shipping_amount))}
            </span>
          </p>
          {order.promo_code && (
            <p className="flex justify-between gap-3 text-olive-700">
              <span>Réduction ({order.promo_code.code})</span>
              <span className="tabular-nums">
                −{formatEuros(eurosToCents(order.promo_code.discount_amount))}
              </span>
            </p>
          )}
          <p className="mt-2 flex justify-between border-t border-cream-200 pt-2 font-semibold">
            <span>Total</span>
            <span className="tabular-nums">{formatEuros(eurosToCents(order.total_amount))}</span>
          </p>
          {order.order_notes && (
            <p className="mt-3 text-sm text-ink-soft">
              <span className="font-semibold">Vos notes :</span> {order.order_notes}
            </p>
          )}
        </section>
      </div>
    </>
  );
}

import { useStore } from "@nanostores/react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { eurosToCents, formatEuros } from "../../domain/money";
import { guestLinkInHash, guestWithdrawalPath } from "../../domain/orders/guest";
import {
  creditNoteUrl,
  DELIVERY_STEPS,
  deliveryStepIndex,
  formatLongDate,
  formatOrderDate,
  hasTrackingDetails,
  invoiceAvailable,
  invoiceUrl,
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
import { ApiError, saveFile } from "../../lib/api-client";
import { downloadGuestDocument, fetchGuestOrder, fetchMyOrder, type Order } from "../../lib/shop-client";
import { openAuthModal } from "../../stores/auth-modal";
import { $session, handleUnauthenticated, startSession } from "../../stores/session";
import { ParcelEvents } from "../ui/ParcelEvents";
import { orderPickupPoint, PickupPointDetails } from "./PickupPointDetails";
import { StatusBadge, StatusIcon } from "./StatusBadge";
import { TransferInstructions } from "./TransferInstructions";

/** « Créer mon compte » for a guest (issue 32): fetched only when a guest's link opened the page. */
const GuestAccountOffer = lazy(() => import("./GuestAccountOffer"));

/** Messages of spec 8 "Tracking", verbatim. */
const messages = {
  missing: "Utilisateur non connecté ou ID de commande manquant.",
  notFound: "Commande non trouvée.",
  failed: "Erreur lors du chargement des détails de la commande.",
  loadTitle: "Erreur de chargement",
  notFoundTitle: "Commande introuvable",
  notFoundText: "L'ID de commande spécifié n'a pas pu être trouvé.",
  /** Issue 32: a guest's revoked or expired link answers 404 like an unknown order; she can ask for a new one. */
  guestLinkInvalid: "Ce lien n'est plus valable ? Écrivez-nous : nous vous en enverrons un nouveau.",
  /** A guest link to an order that has joined her account: she follows it signed in. */
  inAccountTitle: "Suivi de commande",
  inAccount: "Cette commande est rattachée à votre compte client : connectez-vous pour la suivre.",
  documentFailed: "Le document n'a pas pu être téléchargé. Réessayez dans un instant.",
  documentOffline:
    "Le document n'a pas pu être téléchargé : vérifiez votre connexion à Internet et réessayez.",
} as const;

type State =
  | { status: "loading" }
  | { status: "missing" }
  | { status: "not_found" }
  | { status: "sign_in" }
  | { status: "error" }
  | { status: "ready"; order: Order };

/**
 * /orders/track/{orderId} (spec 2 "Tracking"): a prebuilt shell, the id read from the address (or from ?id=, the
 * older AWS redirect); the order from GET /api/user/orders/{id}, the caller's own only. A guest's link (issue 32)
 * carries its token in the fragment: the order is then read from GET /api/guest/orders/{id} with it, signed in or
 * not, and the page does not ask to sign in. The token stays in the address, so the page can be bookmarked. Once
 * the order has joined her account (« Créer mon compte »), the link answers ORDER_IN_ACCOUNT: the page reads it with
 * her session, and asks her to sign in first when she is not. A link that opens nothing is tried with the session
 * too, when there is one: her orders attached before their links were kept.
 */
/** The order read: the page's state, and its title names the order. */
function shown(order: Order): State {
  document.title = document.title.replace(/^[^|]*/, `Suivi de la commande #${orderNumber(order.id)} `);
  return { status: "ready", order };
}

export default function TrackingPage({ contactEmail = "" }: { contactEmail?: string }) {
  const session = useStore($session, { ssr: "initial" });
  const [orderId, setOrderId] = useState<string | null | undefined>(undefined);
  const [guestToken, setGuestToken] = useState<string | "invalid" | null>(null);
  /** The link did not open the order: "required", it is in her account now; "if-signed-in", it opened nothing. */
  const [bySession, setBySession] = useState<"required" | "if-signed-in" | null>(null);
  const [state, setState] = useState<State>({ status: "loading" });
  const userId = session.user?.id;
  const guest = guestToken !== null;

  useEffect(() => {
    void startSession();
    const id = trackingIdFromLocation(window.location.pathname, window.location.search);
    // Show the order's own address when the edge sent us here as /orders/track/?id=... (a guest's fragment kept).
    if (id && window.location.search) {
      window.history.replaceState(null, "", `${trackingUrl(id)}${window.location.hash}`);
    }
    setGuestToken(guestLinkInHash(window.location.hash));
    setOrderId(id);
    // Another link pasted into this tab's address changes only the fragment: no new page load.
    const onHashChange = () => {
      setBySession(null);
      setGuestToken(guestLinkInHash(window.location.hash));
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, []);

  useEffect(() => {
    if (orderId === undefined || !guest || bySession) return;
    if (!orderId) {
      setState({ status: "not_found" });
      return;
    }
    if (guestToken === "invalid" || guestToken === null) {
      setBySession("if-signed-in");
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    fetchGuestOrder(orderId, guestToken, controller.signal)
      .then((order) => setState(shown(order)))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === "ORDER_IN_ACCOUNT") {
          setBySession("required");
          return;
        }
        // 404 for an unknown order as for a wrong, revoked or expired link: her session may still open it.
        const notFound = error instanceof ApiError && [400, 401, 403, 404].includes(error.status);
        if (notFound) setBySession("if-signed-in");
        else setState({ status: "error" });
      });
    return () => controller.abort();
  }, [orderId, guest, guestToken, bySession]);

  useEffect(() => {
    if (orderId === undefined || (guest && !bySession)) return;
    if (session.status === "unknown" || session.status === "loading") return;
    if (!orderId || !userId) {
      const unread = bySession === "required" ? "sign_in" : bySession ? "not_found" : "missing";
      setState({ status: unread });
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    fetchMyOrder(orderId, controller.signal)
      .then((order) => setState(shown(order)))
      .catch((error: unknown) => {
        if (controller.signal.aborted || handleUnauthenticated(error)) return;
        const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setState({ status: notFound ? "not_found" : "error" });
      });
    return () => controller.abort();
  }, [orderId, guest, bySession, userId, session.status]);

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
        <ErrorPanel title={messages.loadTitle} guest={guest}>
          <p role="alert" className="mt-3 text-alert">
            {state.status === "missing" ? messages.missing : messages.failed}
          </p>
          {state.status === "missing" && !guest && session.status === "signed-out" && (
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
    if (state.status === "sign_in") {
      return (
        <ErrorPanel title={messages.inAccountTitle} guest={guest}>
          <p role="alert" className="mt-3 text-ink">
            {messages.inAccount}
          </p>
          <button type="button" className="btn btn-primary mt-6 px-6" onClick={() => openAuthModal("signin")}>
            Se connecter
          </button>
        </ErrorPanel>
      );
    }
    if (state.status === "not_found") {
      return (
        <ErrorPanel title={messages.notFoundTitle} guest={guest}>
          <p role="alert" className="mt-3 text-alert">
            {messages.notFound}
          </p>
          <p className="mt-1 text-ink-soft">{messages.notFoundText}</p>
          {guest && (
            <p className="mt-4 text-ink">
              {messages.guestLinkInvalid}
              {contactEmail && (
                <>
                  {" "}
                  <a
                    href={`mailto:${contactEmail}?subject=${encodeURIComponent("Nouveau lien de suivi de commande")}`}
                    className="rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
                  >
                    {contactEmail}
                  </a>
                </>
              )}
            </p>
          )}
        </ErrorPanel>
      );
    }
    // Read with her session: the customer's links and documents, not the link's.
    const token =
      typeof guestToken === "string" && guestToken !== "invalid" && !bySession ? guestToken : null;
    return (
      <TrackingDetails order={state.order} guestToken={token} signedIn={session.status === "signed-in"} />
    );
  }
}

/** Where « Retour » leads: the customer's orders, or the shop for a guest, who has no such page. */
function BackLink({ guest, className = "" }: { guest: boolean; className?: string }) {
  return (
    <a
      href={guest ? "/" : "/orders"}
      className={`rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900 ${className}`}
    >
      {guest ? "← Retour à la boutique" : "← Retour à mes commandes"}
    </a>
  );
}

function ErrorPanel({ title, guest, children }: { title: string; guest: boolean; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-cream-300 bg-white p-8 text-center shadow-sm">
      <h1 className="font-serif text-3xl font-semibold text-olive-900">{title}</h1>
      {children}
      <p className="mt-6">
        <BackLink guest={guest} />
      </p>
    </section>
  );
}

/**
 * `guestToken`: the order was opened by a guest's link; its withdrawal link and documents use the token, and a
 * visitor not signed in is offered « Créer mon compte » (a password only, issue 32).
 */
function TrackingDetails({
  order,
  guestToken,
  signedIn,
}: {
  order: Order;
  guestToken: string | null;
  signedIn: boolean;
}) {
  const carrier = order.shipping_company?.trim() || null;
  const tracking = order.tracking_number?.trim() || null;
  const estimated = order.estimated_delivery?.trim() || null;
  const reached = deliveryStepIndex(order.status);
  const address = order.shipping_address;
  const point = orderPickupPoint(order);
  // The offer is for a visitor not signed in; the account it creates signs her in, and its confirmation stays.
  const [accountCreated, setAccountCreated] = useState(false);
  return (
    <>
      <BackLink guest={guestToken !== null} className="inline-block" />
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
          <a
            href={guestToken ? guestWithdrawalPath(order.id, guestToken) : withdrawalHref(order.id)}
            className="btn btn-secondary px-5"
          >
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

      <OrderDocuments order={order} guestToken={guestToken} />
      {guestToken && order.is_guest && (!signedIn || accountCreated) && (
        <Suspense fallback={null}>
          <GuestAccountOffer
            orderId={order.id}
            token={guestToken}
            email={order.user.email}
            onCreated={() => setAccountCreated(true)}
          />
        </Suspense>
      )}
    </>
  );
}

interface OrderDocument {
  key: string;
  label: string;
  /** The customer's download (a link: the session cookie goes with it). */
  href: string;
  /** A guest's download (GET with the X-Order-Token header). */
  guestPath: string;
}

/** The order's invoice (once paid) and credit notes, as « Mes commandes » offers them. */
function orderDocuments(order: Order): OrderDocument[] {
  const id = encodeURIComponent(order.id);
  const documents: OrderDocument[] = [];
  if (invoiceAvailable(order)) {
    documents.push({
      key: "invoice",
      label: "Télécharger la facture",
      href: invoiceUrl(order.id),
      guestPath: `/api/guest/documents/${id}/invoice`,
    });
  }
  if (order.credit_note_number) {
    documents.push({
      key: "credit-note",
      label: "Télécharger l'avoir",
      href: invoiceUrl(order.id, "credit-note"),
      guestPath: `/api/guest/documents/${id}/credit-note`,
    });
  }
  for (const refund of order.refunds) {
    documents.push({
      key: `refund-${refund.id}`,
      label: `Télécharger l'avoir ${refund.credit_note_number}`,
      href: creditNoteUrl(order.id, refund.credit_note_number, "customer"),
      guestPath: `/api/guest/documents/${id}/credit-notes/${encodeURIComponent(refund.credit_note_number)}`,
    });
  }
  return documents;
}

/**
 * The documents block. A customer's are links; a guest's are buttons that fetch the PDF with the link's token (a
 * link cannot send the header) and hand it to the browser's downloads, with a French message when that fails.
 */
function OrderDocuments({ order, guestToken }: { order: Order; guestToken: string | null }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const documents = orderDocuments(order);
  const number = orderNumber(order.id);

  async function download(file: OrderDocument, token: string) {
    if (busy) return;
    setBusy(file.key);
    setError(null);
    try {
      const { blob, fileName } = await downloadGuestDocument(file.guestPath, token);
      saveFile(blob, fileName);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 0
          ? messages.documentOffline
          : messages.documentFailed,
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      aria-labelledby="documents-title"
      className="mt-6 rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="documents-title" className="font-serif text-lg font-semibold text-olive-900">
        Documents
      </h2>
      {documents.length > 0 && (
        <p className="mt-3 flex flex-wrap gap-3">
          {documents.map((file) =>
            guestToken ? (
              <button
                key={file.key}
                type="button"
                className="btn btn-secondary px-5"
                disabled={busy !== null}
                aria-busy={busy === file.key}
                onClick={() => void download(file, guestToken)}
              >
                {busy === file.key ? "Téléchargement..." : file.label}
                <span className="sr-only"> de la commande #{number}</span>
              </button>
            ) : (
              <a key={file.key} href={file.href} download className="btn btn-secondary px-5">
                {file.label}
                <span className="sr-only"> de la commande #{number}</span>
              </a>
            ),
          )}
        </p>
      )}
      {!invoiceAvailable(order) && (
        <p className="mt-3 text-sm text-ink-soft">La facture sera disponible une fois le paiement reçu.</p>
      )}
      {error && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-alert/30 bg-red-50 px-4 py-3 text-sm text-alert"
        >
          {error}
        </p>
      )}
    </section>
  );
}

import {
  type FormEvent,
  lazy,
  type ReactNode,
  Suspense,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { addressLines } from "../../domain/accounts/address-forms";
import { phoneToInput } from "../../domain/accounts/phone";
import { formatAmount, formatDateTime, formatDay } from "../../domain/admin/admin-format";
import {
  customerLabel,
  freeShippingReached,
  needsCancelConfirmation,
  type OrderEditForm,
  orderEditForm,
  orderUpdatePayload,
  shippingInfoState,
} from "../../domain/admin/admin-orders";
import { lotsLabel } from "../../domain/batches/batches";
import type { Order } from "../../domain/orders/order";
import { adminDocumentUrl } from "../../domain/orders/order-display";
import {
  ORDER_STATUSES,
  orderNumber,
  orderPaymentLabel,
  orderStatusLabel,
  orderStatusTone,
  PAYMENT_STATUSES,
  paymentMethodLabel,
  paymentStatusLabel,
} from "../../domain/orders/order-status";
import { canRecordReturn } from "../../domain/orders/refund";
import { errorMessage } from "../../lib/api-client";
import { fieldBinder, fieldSetter, Notice, TextField } from "../ui/fields";
import { ParcelEvents } from "../ui/ParcelEvents";
import { sendGuestLink, updateOrder } from "./admin-api";
import { useAccessGuard, useSave } from "./hooks";
import { RefundsList } from "./returns/RefundsList";
import { LabelActions } from "./shipping/LabelActions";
import { ParcelTrackingRefresh } from "./shipping/TrackingRefresh";
import { Badge, ConfirmDialog, Detail, SelectField, smallButton, TextAreaField, type Tone } from "./ui";

/** The return form loads when the owner opens it (issue 43). */
const ReturnDialog = lazy(() => import("./returns/ReturnDialog").then((m) => ({ default: m.ReturnDialog })));

const paymentTone: Record<string, Tone> = {
  completed: "success",
  pending: "waiting",
  failed: "danger",
  refunded: "neutral",
  partially_refunded: "info",
};

const statusOptions = ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status) }));
const paymentOptions = PAYMENT_STATUSES.map((status) => ({
  value: status,
  label: paymentStatusLabel(status),
}));

/**
 * One order of the Orders tab: what was bought, how it was paid, where it goes, its Colissimo label (issue 31), and
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
  const number = orderNumber(order.id);
  const shipping = shippingInfoState(order);
  // Issue 31: a parcel for a pick-up point; the customer's address is then her contact, not where it goes.
  const point = order.delivery_mode === "pickup" ? order.pickup_point : null;

  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-cream-300 bg-white px-5 py-4 shadow-sm sm:px-6"
    >
      {/* One line per order until the owner opens it (issue 16): the list of a busy day stays short. */}
      <header
        className={`flex flex-wrap items-start justify-between gap-3 ${open ? "border-b border-cream-200 pb-4" : ""}`}
      >
        <div>
          <h3 className="font-serif text-xl font-semibold text-olive-900">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => setOpen((value) => !value)}
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
                Commande #{number}
              </span>
              <span className="font-sans text-base font-semibold text-crust-800 tabular-nums">
                {formatAmount(order.total_amount)}
              </span>
            </button>
          </h3>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 font-medium text-ink">
            {customerLabel(order)}
            {/* Issue 32: placed without an account; the word says it, the colour only helps. */}
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
              <Badge
                tone={
                  order.status === "cancelled" && order.payment_status === "completed"
                    ? "waiting"
                    : (paymentTone[order.payment_status] ?? "neutral")
                }
              >
                {orderPaymentLabel(order, "owner")}
              </Badge>
            </dd>
          </div>
          {point && (
            <div className="flex items-center gap-2">
              <dt className="text-ink-soft">Livraison</dt>
              <dd>
                <Badge tone="progress">Point relais</Badge>
              </dd>
            </div>
          )}
        </dl>
      </header>

      {open && (
        <div id={bodyId}>
          <div className="grid gap-6 pt-4 lg:grid-cols-[3fr_2fr]">
            <div className="space-y-5">
              <section>
                <h4 className="text-sm font-semibold tracking-wide text-ink-soft uppercase">Articles</h4>
                <ul className="mt-2 divide-y divide-cream-200">
                  {order.items.map((item) => (
                    <li key={item.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                      <span className="font-medium text-ink">{item.product_name}</span>
                      <span className="text-sm text-ink tabular-nums">
                        {item.quantity} × {formatAmount(item.unit_price)}
                      </span>
                      {item.lots.length > 0 && (
                        <span className="w-full text-xs text-ink-soft">
                          {lotsLabel(item.lots, item.quantity)}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
              {point && (
                <section className="rounded-xl border border-indigo-200 bg-indigo-50 p-4">
                  <h4 className="font-semibold text-indigo-950">Point relais</h4>
                  <p className="text-sm text-indigo-950">
                    Ce colis est livré au point relais ci-dessous, pas à l'adresse du client.
                  </p>
                  {/* Written here rather than with pickupAddressLines: the admin bundle leaves pickup-point.ts out. */}
                  <address className="mt-2 text-sm text-ink not-italic">
                    <span className="block font-semibold">{point.name}</span>
                    <span className="block">{point.address_line1}</span>
                    {point.address_line2 && <span className="block">{point.address_line2}</span>}
                    <span className="block">
                      {point.postal_code} {point.city}
                    </span>
                  </address>
                  <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
                    <Detail label="Identifiant du point">
                      <span className="font-mono">{point.id}</span>
                    </Detail>
                    <Detail label="Portable du client (SMS)">{phoneToInput(point.phone)}</Detail>
                  </dl>
                </section>
              )}
              <section>
                <h4 className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
                  {point ? "Adresse du client" : "Adresse de livraison"}
                </h4>
                <address className="mt-2 text-sm text-ink not-italic">
                  {addressLines({ ...order.shipping_address, id: order.id, is_default: false }).map(
                    (line) => (
                      <span key={line.key} className="block">
                        {line.text}
                      </span>
                    ),
                  )}
                </address>
              </section>
              {order.order_notes && (
                <section>
                  <h4 className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
                    Notes de commande
                  </h4>
                  <p className="mt-2 rounded-lg bg-cream-100 px-3 py-2 text-sm whitespace-pre-line text-ink">
                    {order.order_notes}
                  </p>
                </section>
              )}
            </div>

            <div className="space-y-4">
              <dl className="space-y-2 rounded-xl bg-cream-100 p-4 text-sm">
                <Row label="Sous-total">{formatAmount(order.subtotal_amount)}</Row>
                <Row label="Livraison">
                  {order.shipping_amount === 0 ? (
                    "Gratuit"
                  ) : (
                    <>
                      {formatAmount(order.shipping_amount)}
                      <span className="block text-xs text-ink-soft">
                        Gratuite dès {formatAmount(order.free_shipping_threshold)}
                      </span>
                    </>
                  )}
                  {freeShippingReached(order) && (
                    <span className="mt-1 block">
                      <Badge tone="success">Gratuit atteint!</Badge>
                    </span>
                  )}
                </Row>
                {order.promo_code && (
                  <Row label={`Code promo (${order.promo_code.code})`}>
                    −{formatAmount(order.promo_code.discount_amount)}
                  </Row>
                )}
                <div className="flex justify-between gap-4 border-t border-cream-300 pt-2 text-base font-semibold text-olive-900">
                  <dt>Total</dt>
                  <dd className="tabular-nums">{formatAmount(order.total_amount)}</dd>
                </div>
              </dl>
              {(order.transfer_reference ||
                order.paypal_order_id ||
                order.paypal_capture_id ||
                order.paypal_payer_id) && (
                <dl className="grid gap-2 text-sm">
                  {order.transfer_reference && (
                    <Detail label="Référence du virement">{order.transfer_reference}</Detail>
                  )}
                  {(order.paypal_capture_id || order.paypal_order_id) && (
                    <Detail label="Transaction PayPal">
                      <span className="font-mono break-all">
                        {order.paypal_capture_id ?? order.paypal_order_id}
                      </span>
                    </Detail>
                  )}
                  {order.paypal_payer_id && (
                    <Detail label="Payeur PayPal">
                      <span className="font-mono break-all">{order.paypal_payer_id}</span>
                    </Detail>
                  )}
                </dl>
              )}
              {(order.invoice_number || order.credit_note_number) && (
                <p className="flex flex-wrap gap-3 text-sm">
                  {order.invoice_number && (
                    <DocumentLink href={adminDocumentUrl(order.id, "invoice")}>
                      Facture {order.invoice_number}
                    </DocumentLink>
                  )}
                  {order.credit_note_number && (
                    <DocumentLink href={adminDocumentUrl(order.id, "credit-note")}>
                      Avoir {order.credit_note_number}
                    </DocumentLink>
                  )}
                </p>
              )}
            </div>
          </div>

          {shipping === "complete" && (
            <section className="mt-5 rounded-xl border border-indigo-200 bg-indigo-50 p-4">
              <h4 className="font-semibold text-indigo-950">Informations d'expédition</h4>
              <dl className="mt-2 grid gap-3 text-sm sm:grid-cols-2">
                <Detail label="Transporteur">{order.shipping_company || "—"}</Detail>
                <Detail label="Numéro de suivi">{order.tracking_number || "—"}</Detail>
                <Detail label="Livraison estimée">
                  {order.estimated_delivery ? formatDay(order.estimated_delivery) : "—"}
                </Detail>
                {order.shipping_notes && <Detail label="Notes de livraison">{order.shipping_notes}</Detail>}
              </dl>
            </section>
          )}
          {shipping === "incomplete" && (
            <p className="mt-5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
              <span aria-hidden="true">⚠ </span>
              Informations d'expédition incomplètes : indiquez le transporteur et le numéro de suivi.
            </p>
          )}

          <ParcelEvents
            events={order.tracking_events}
            heading="h4"
            headingClassName="text-sm font-semibold tracking-wide text-ink-soft uppercase"
            className="mt-5"
          />
          <ParcelTrackingRefresh
            className="mt-3"
            order={order}
            trackingConfigured={trackingConfigured}
            onRefreshed={onLabelCreated}
          />

          <LabelActions
            className="mt-5"
            order={order}
            colissimoConfigured={colissimoConfigured}
            onCreated={onLabelCreated}
          />

          {order.auto_refund_id && (
            <p className="mt-5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              Le paiement PayPal est arrivé après l'expiration de la commande : il a été remboursé
              automatiquement (remboursement PayPal <span className="font-mono">{order.auto_refund_id}</span>
              ).
            </p>
          )}
          <RefundsList order={order} onSaved={onSaved} />

          <div className="mt-5 border-t border-cream-200 pt-4">
            {editing ? (
              <OrderEditor
                order={order}
                onCancel={() => setEditing(false)}
                onSaved={(saved) => {
                  setEditing(false);
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
                  setEditing(true);
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
                onClick={() => setReturning(true)}
              >
                Retour et remboursement
              </button>
            )}
          </div>
          {order.is_guest && !editing && <GuestLinkAction order={order} />}
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

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="text-right text-ink tabular-nums">{children}</dd>
    </div>
  );
}

/** The inline edit form: status, payment, carrier, tracking, estimated delivery, notes; cancelling asks first. */
function OrderEditor({
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
          options={paymentOptions.filter(
            // A partial refund is recorded by "Retour et remboursement", not chosen here.
            (option) =>
              option.value !== "partially_refunded" || order.payment_status === "partially_refunded",
          )}
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

/**
 * « Envoyer un nouveau lien de suivi » on a guest order (issue 32): after a confirmation saying what it does, every
 * link already sent stops working and a new one goes to the order's e-mail (POST /api/admin/orders/{id}/guest-link).
 * A refusal keeps the dialog open with the server's French message, so the owner can try again.
 */
function GuestLinkAction({ order }: { order: Order }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState("");
  const guard = useAccessGuard();
  const number = orderNumber(order.id);

  async function send() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { email } = await sendGuestLink(order.id);
      setConfirming(false);
      setSent(`Nouveau lien envoyé à ${email}.`);
    } catch (failure) {
      if (guard(failure)) {
        setConfirming(false);
        return;
      }
      setError(errorMessage(failure, "Le nouveau lien n'a pas pu être envoyé. Réessayez."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 flex flex-col items-start gap-2">
      <button
        type="button"
        className={smallButton}
        onClick={() => {
          setSent("");
          setError(null);
          setConfirming(true);
        }}
      >
        Envoyer un nouveau lien de suivi<span className="sr-only"> de la commande #{number}</span>
      </button>
      <p
        role="status"
        className={
          sent
            ? "rounded-lg border border-olive-300 bg-olive-50 px-3 py-2 text-sm font-medium text-olive-800"
            : "sr-only"
        }
      >
        {sent}
      </p>
      {confirming && (
        <ConfirmDialog
          title={`Envoyer un nouveau lien de suivi pour la commande #${number} ?`}
          message={
            <p>
              Les liens déjà envoyés ne fonctionneront plus. Un nouveau lien est envoyé à{" "}
              <strong className="break-all">{order.user.email}</strong>.
            </p>
          }
          confirmLabel="Envoyer le nouveau lien"
          busy={busy}
          error={error}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

/** The download of one of the order's documents (its invoice, its credit note). */
function DocumentLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="font-semibold text-olive-800 underline" href={href} download>
      {children}
    </a>
  );
}

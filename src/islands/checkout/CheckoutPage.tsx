import { useStore } from "@nanostores/react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { Address } from "../../domain/address";
import { emptyCart, itemCount } from "../../domain/cart";
import {
  bankTransferOrderBody,
  cartTotals,
  checkoutError,
  checkoutMessages,
  DEFAULT_CARRIER,
  knownBankDetails,
  ORDER_NOTES_LIMIT,
  offeredMethod,
  orderRequestBody,
  PAYPAL_SCRIPT_FAILED,
  type PaymentChoice,
  paypalButtonsEnabled,
  totalsFromPriceChange,
  unitPriceCents,
} from "../../domain/checkout";
import { formatEuros } from "../../domain/money";
import type { Totals } from "../../domain/pricing";
import { fetchAddresses } from "../../lib/account-client";
import { ApiError, errorMessage } from "../../lib/api-client";
import {
  type CheckoutSettings,
  capturePaypalOrder,
  captureStatus,
  createPaypalOrder,
  fetchCheckoutSettings,
  fetchCompany,
  newIdempotencyKey,
  placeBankTransferOrder,
  releasePaypalOrder,
} from "../../lib/shop-client";
import { $authModal, openAuthModal } from "../../stores/auth-modal";
import { $cart } from "../../stores/cart";
import {
  $appliedPromo,
  $shippingSettings,
  clearCartAndPromo,
  loadShippingSettings,
} from "../../stores/checkout";
import { $session, handleUnauthenticated, startSession } from "../../stores/session";
import { describeCartChange, useCatalogSync, useHydrated, usePromoRevalidation } from "../cart/cart-hooks";
import { TotalsList } from "../cart/TotalsList";
import { Notice, SignInRequired, TextField } from "../ui/fields";
import { AddressPicker, deliverable } from "./AddressPicker";
import { PaypalCheckout, type PaypalHandlers } from "./PaypalCheckout";
import { type Success, SuccessScreen } from "./SuccessScreen";

/** Spec 9: the artificial delay before a bank-transfer order is created. */
const BANK_TRANSFER_DELAY_MS = 2000;

interface Props {
  /** Company settings printed by the build; refreshed from the API on load. */
  company: { email: string; shippingCompany: string };
}

type AddressLoad =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; addresses: Address[] };

/** Errors the checkout already showed, so PayPal's onError does not replace them. */
const shownErrors = new WeakSet<object>();

/**
 * /payment ('Finaliser la Commande', spec 2, 4, 5): delivery address, delivery information, order notes,
 * payment method (PayPal by default, or bank transfer), order summary with the terms checkbox, then the
 * success screen. Signed out: the sign-in dialog opens and closing it returns to /cart; an empty cart goes
 * back to /cart. The server prices and checks the order again (409 PRICE_CHANGED shows its new total).
 */
export default function CheckoutPage({ company: initialCompany }: Props) {
  const hydrated = useHydrated();
  const cart = useStore($cart, { ssr: () => emptyCart });
  const promo = useStore($appliedPromo, { ssr: () => undefined }) ?? null;
  const shipping = useStore($shippingSettings);
  const session = useStore($session, { ssr: "initial" });
  const signedIn = session.status === "signed-in";
  const userId = session.user?.id;

  const [success, setSuccess] = useState<Success | null>(null);
  const [addressLoad, setAddressLoad] = useState<AddressLoad>({ status: "loading" });
  const [addressAttempt, setAddressAttempt] = useState(0);
  const [addressId, setAddressId] = useState<string | null>(null);
  const [notes, setNotes] = useState("");
  const [method, setMethod] = useState<PaymentChoice>("paypal");
  const [senderName, setSenderName] = useState("");
  const [terms, setTerms] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [priceChange, setPriceChange] = useState<Totals | null>(null);
  const [priceNotice, setPriceNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [settings, setSettings] = useState<CheckoutSettings | null>(null);
  const [company, setCompany] = useState(initialCompany);
  const [syncAttempt, setSyncAttempt] = useState(0);
  const [promoNotice, setPromoNotice] = useState<string | null>(null);
  const [paypalNotice, setPaypalNotice] = useState<string | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  /** The PayPal order of the attempt in PayPal's window, until it is captured or released. */
  const paypalOrder = useRef<string | null>(null);
  const banner = useRef<HTMLDivElement>(null);
  const notesId = useId();
  const termsId = useId();

  useEffect(() => {
    void startSession();
    void loadShippingSettings();
    const controller = new AbortController();
    // Silent failures (spec 8): the screen keeps its defaults; the server refuses what it must.
    fetchCheckoutSettings(controller.signal)
      .then(setSettings)
      .catch(() => undefined);
    fetchCompany(controller.signal)
      .then((fresh) =>
        setCompany({
          email: fresh.email || initialCompany.email,
          shippingCompany: fresh.shipping_company || initialCompany.shippingCompany,
        }),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, [initialCompany]);

  const changes = useCatalogSync(hydrated && !success, syncAttempt);
  const empty = cart.length === 0;
  const localTotals = cartTotals(cart, shipping, promo);
  const totals = priceChange ?? localTotals;
  usePromoRevalidation(localTotals.subtotal, hydrated && !success && !empty, setPromoNotice);

  // The server's figures stand until the cart, the promo or the shipping settings change here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on any change of what the totals come from
  useEffect(() => setPriceChange(null), [cart, promo, shipping]);

  // Signed out: the sign-in dialog; closing it without signing in goes back to the cart.
  useEffect(() => {
    if (session.status !== "signed-out" || success) return;
    openAuthModal("signin");
    let wasOpen = $authModal.get() !== "closed";
    return $authModal.listen((state) => {
      if (state !== "closed") {
        wasOpen = true;
        return;
      }
      if (wasOpen && $session.get().status !== "signed-in") window.location.assign("/cart");
    });
  }, [session.status, success]);

  // Nothing to pay for: back to the cart (not after the order was placed: the cart is emptied then).
  useEffect(() => {
    if (hydrated && empty && !success && !submitting) window.location.replace("/cart");
  }, [hydrated, empty, success, submitting]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry reads the book again
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setAddressLoad({ status: "loading" });
    fetchAddresses(controller.signal)
      .then((addresses) => {
        setAddressLoad({ status: "ready", addresses });
        setAddressId((current) => {
          if (current && addresses.some((a) => a.id === current && deliverable(a))) return current;
          const usable = addresses.filter(deliverable);
          return (usable.find((a) => a.is_default) ?? usable[0])?.id ?? null;
        });
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted || handleUnauthenticated(failure)) return;
        setAddressLoad({ status: "error", message: errorMessage(failure, "Network error") });
      });
    return () => controller.abort();
  }, [userId, addressAttempt]);

  // A method is offered only when the shop has set it up (decision record 020); until the settings are read both
  // are shown and the server decides. Neither set up: the shop takes no order yet, and the screen says so.
  const bankEnabled = settings?.bank_transfer.enabled ?? true;
  const paypalEnabled = settings?.paypal.configured ?? true;
  const closedMessage = settings && !settings.can_take_orders ? settings.message : null;
  useEffect(() => {
    setMethod((current) => offeredMethod(current, { paypal: paypalEnabled, bank_transfer: bankEnabled }));
  }, [bankEnabled, paypalEnabled]);

  /** One Idempotency-Key per attempt: the same request sent again (a retry) carries the same key. */
  function keyFor(body: unknown): string {
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized)
      attempt.current = { body: serialized, key: newIdempotencyKey() };
    return attempt.current.key;
  }

  function showError(message: string) {
    setError(message);
    window.requestAnimationFrame(() =>
      banner.current?.scrollIntoView({ block: "nearest", behavior: "smooth" }),
    );
  }

  /** A failed order request: PRICE_CHANGED asks to confirm the new total; otherwise the server's message. */
  function showFailure(failure: unknown, fallback: string) {
    if (handleUnauthenticated(failure)) return;
    if (failure instanceof ApiError && failure.code === "PRICE_CHANGED") {
      const serverTotals = totalsFromPriceChange(failure.details);
      setSyncAttempt((n) => n + 1);
      void loadShippingSettings(true);
      if (serverTotals) {
        setPriceChange(serverTotals);
        setPriceNotice(`${failure.message} Nouveau total : ${formatEuros(serverTotals.total)}.`);
        setError(null);
        return;
      }
    }
    const meaningful =
      failure instanceof ApiError && failure.status > 0 && !/^HTTP \d+$/.test(failure.message);
    showError(meaningful ? failure.message : fallback);
  }

  function validate(): boolean {
    const problem = checkoutError({
      signedIn,
      addressId,
      paymentMethod: method,
      senderName,
      termsAccepted: terms,
    });
    if (problem) {
      showError(problem);
      if (!signedIn) openAuthModal("signin");
      return false;
    }
    setError(null);
    return true;
  }

  async function submitBankTransfer() {
    if (submitting || method !== "bank_transfer" || !validate() || !addressId) return;
    setSubmitting(true);
    setPriceNotice(null);
    const body = bankTransferOrderBody({ cart, addressId, notes, promo, totals, senderName });
    const key = keyFor(body);
    try {
      await new Promise((resolve) => window.setTimeout(resolve, BANK_TRANSFER_DELAY_MS));
      const order = await placeBankTransferOrder(body, key);
      setSuccess({ kind: "bank_transfer", order, bank: knownBankDetails(settings?.bank_transfer) });
      clearCartAndPromo();
    } catch (failure) {
      showFailure(failure, checkoutMessages.paymentFailed);
    } finally {
      setSubmitting(false);
    }
  }

  /**
   * PayPal's window was closed, cancelled or failed: the pending order is released at once (stock and promo use
   * back, so the next attempt may use a one-use-per-day code again) and the next click starts a new attempt.
   * Best effort: if the call fails, the next attempt or the hold's expiry releases it.
   */
  function releasePendingPaypalOrder(orderID?: string) {
    const id = orderID || paypalOrder.current;
    paypalOrder.current = null;
    attempt.current = null;
    if (id) void releasePaypalOrder(id).catch(() => undefined);
  }

  const paypalHandlers: PaypalHandlers = {
    onClick: () => validate(),
    createOrder: async () => {
      if (!validate() || !addressId) {
        const stop = new Error(checkoutMessages.paypalFailed);
        shownErrors.add(stop);
        throw stop;
      }
      setPriceNotice(null);
      setPaypalNotice(null);
      const body = orderRequestBody({ cart, addressId, notes, promo, totals });
      try {
        const { id } = await createPaypalOrder(body, keyFor(body));
        paypalOrder.current = id;
        return id;
      } catch (failure) {
        showFailure(failure, checkoutMessages.paypalFailed);
        if (failure instanceof Error) shownErrors.add(failure);
        throw failure;
      }
    },
    onApprove: async (orderID) => {
      setSubmitting(true);
      try {
        const capture = await capturePaypalOrder(orderID);
        paypalOrder.current = null;
        if (captureStatus(capture) === "COMPLETED") {
          setSuccess({ kind: "paypal", order: capture.order });
          clearCartAndPromo();
        } else if (capture.order.payment_status === "pending") {
          setSuccess({ kind: "paypal_pending", order: capture.order });
          clearCartAndPromo();
        } else {
          attempt.current = null;
          showError(checkoutMessages.paypalFailed);
        }
      } catch (failure) {
        // A declined card may be retried with the same PayPal order; anything else starts a new attempt.
        if (!(failure instanceof ApiError && failure.code === "PAYMENT_DECLINED")) {
          attempt.current = null;
          paypalOrder.current = null;
        }
        showFailure(failure, checkoutMessages.paypalFailed);
      } finally {
        setSubmitting(false);
      }
    },
    onCancel: (orderID) => {
      releasePendingPaypalOrder(orderID);
      setPaypalNotice("Paiement PayPal annulé : rien n'a été débité et votre panier est toujours là.");
    },
    onError: (failure) => {
      releasePendingPaypalOrder();
      if (failure instanceof Object && shownErrors.has(failure)) return;
      // PayPal's script speaks English: its words go to the console, the buyer reads French (issue 28, item 3).
      console.warn("PayPal:", failure);
      showError(PAYPAL_SCRIPT_FAILED);
    },
  };

  if (success) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <SuccessScreen success={success} supportEmail={company.email} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <a
        href="/cart"
        className="inline-block rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
      >
        ← Retour au panier
      </a>
      <h1 className="mt-4 font-serif text-3xl font-semibold text-olive-900 sm:text-4xl">
        Finaliser la Commande
      </h1>
      <div className="mt-8">{content()}</div>
    </div>
  );

  function content() {
    if (!hydrated || session.status === "unknown" || session.status === "loading" || empty) {
      return (
        <p role="status" className="py-10 text-center text-lg text-ink-soft">
          Chargement de votre commande...
        </p>
      );
    }
    if (!signedIn) {
      return <SignInRequired message={checkoutMessages.signInRequired} />;
    }

    const count = itemCount(cart);
    const addressChosen = Boolean(addressId);
    const syncMessages = [...changes.map(describeCartChange), ...(promoNotice ? [promoNotice] : [])];
    return (
      <div className="grid gap-8 lg:grid-cols-5">
        <div className="space-y-8 lg:col-span-3">
          {syncMessages.length > 0 && (
            <div
              role="status"
              className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            >
              <p className="font-semibold">Votre commande a été mise à jour :</p>
              <ul className="mt-1 list-disc pl-5">
                {syncMessages.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </div>
          )}

          <Section title="Adresse de livraison" step={1}>
            {/* Room for one address and « Ajouter une adresse » from the start: the sections below do not move
                when the addresses arrive (issue 17, CLS 0). */}
            <div className="min-h-[15.875rem]">
              {addressLoad.status === "loading" && (
                <p role="status" className="text-ink-soft">
                  Chargement de vos adresses...
                </p>
              )}
              {addressLoad.status === "error" && (
                <div
                  role="alert"
                  className="rounded-xl border border-alert/30 bg-red-50 px-4 py-3 text-alert"
                >
                  <p className="font-semibold">{addressLoad.message}</p>
                  <button
                    type="button"
                    onClick={() => setAddressAttempt(addressAttempt + 1)}
                    className="mt-1 rounded-sm font-semibold underline underline-offset-4"
                  >
                    Réessayer
                  </button>
                </div>
              )}
              {addressLoad.status === "ready" && (
                <AddressPicker
                  addresses={addressLoad.addresses}
                  selectedId={addressId}
                  onSelect={setAddressId}
                  onCreated={async (created) => {
                    const addresses = await fetchAddresses();
                    setAddressLoad({ status: "ready", addresses });
                    if (deliverable(created)) setAddressId(created.id);
                  }}
                />
              )}
            </div>
          </Section>

          <Section title="Informations de livraison" step={2}>
            <ul className="space-y-2 text-ink">
              <li className="flex gap-3">
                <TruckIcon />
                <span>
                  Livraison par{" "}
                  <span className="font-semibold">{company.shippingCompany || DEFAULT_CARRIER}</span> en 2-3
                  jours ouvrés (France métropolitaine)
                </span>
              </li>
              <li className="flex gap-3">
                <ClockIcon />
                <span>Préparation de votre commande sous 24-48 h</span>
              </li>
              <li className="flex gap-3">
                <TagIcon />
                <span>
                  Frais de port :{" "}
                  <span className="font-semibold">
                    {totals.shipping === 0 ? "Gratuit" : formatEuros(totals.shipping)}
                  </span>
                </span>
              </li>
            </ul>
          </Section>

          <Section title="Notes de commande" step={3}>
            <label htmlFor={notesId} className="mb-1 block text-sm font-semibold text-ink">
              Notes de commande (facultatif)
            </label>
            <textarea
              id={notesId}
              name="order_notes"
              rows={3}
              maxLength={ORDER_NOTES_LIMIT}
              value={notes}
              onChange={(event) => setNotes(event.target.value.slice(0, ORDER_NOTES_LIMIT))}
              aria-describedby={`${notesId}-count`}
              placeholder="Instructions de livraison, message pour un cadeau..."
              className="block w-full rounded-lg border border-cream-300 bg-white px-3 py-2.5 text-ink shadow-xs placeholder:text-ink-soft/70"
            />
            <p id={`${notesId}-count`} className="mt-1 text-right text-sm text-ink-soft tabular-nums">
              {notes.length}/{ORDER_NOTES_LIMIT} caractères
            </p>
          </Section>

          <Section title="Mode de paiement" step={4}>
            {closedMessage && (
              <p
                role="status"
                className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-900"
              >
                {closedMessage}
              </p>
            )}
            <fieldset disabled={Boolean(closedMessage)}>
              <legend className="sr-only">Choisissez votre mode de paiement</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <MethodOption
                  value="paypal"
                  checked={method === "paypal" && paypalEnabled}
                  onChange={setMethod}
                  disabled={!paypalEnabled}
                  title="PayPal"
                  description={
                    paypalEnabled ? "Compte PayPal ou carte bancaire" : checkoutMessages.paypalNotConfigured
                  }
                />
                <MethodOption
                  value="bank_transfer"
                  checked={method === "bank_transfer" && bankEnabled}
                  onChange={setMethod}
                  disabled={!bankEnabled}
                  title="Virement bancaire"
                  description="Commande préparée dès réception du virement"
                  badge={bankEnabled ? undefined : "En maintenance"}
                />
              </div>
            </fieldset>
            {method === "bank_transfer" && bankEnabled && !closedMessage && (
              <div className="mt-5 space-y-3">
                <TextField
                  label="Nom de la personne qui effectuera le virement"
                  name="transfer_sender_name"
                  autoComplete="name"
                  maxLength={120}
                  value={senderName}
                  onValue={setSenderName}
                  hint="Tel qu'il apparaîtra sur le virement, pour que nous puissions le rapprocher de votre commande."
                />
                <p className="rounded-lg bg-olive-50 px-3 py-2 text-sm text-olive-800">
                  Après validation, vous recevrez par e-mail nos coordonnées bancaires (IBAN) et la référence
                  à indiquer sur votre virement.
                </p>
              </div>
            )}
          </Section>
        </div>

        <aside aria-labelledby="checkout-summary-title" className="lg:col-span-2">
          <div className="space-y-5 rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-24">
            <h2 id="checkout-summary-title" className="font-serif text-xl font-semibold text-olive-900">
              Récapitulatif de la commande
            </h2>
            <ul className="divide-y divide-cream-200">
              {cart.map((item) => {
                const unit = unitPriceCents(item.price);
                return (
                  <li key={item.id} className="flex items-center gap-3 py-3">
                    <img
                      src={item.image}
                      alt=""
                      width={56}
                      height={56}
                      className="size-14 shrink-0 rounded-lg bg-cream-100 object-cover"
                    />
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold leading-snug text-ink">{item.name}</p>
                      <p className="text-sm text-ink-soft tabular-nums">
                        {item.quantity} × {formatEuros(unit)}
                      </p>
                    </div>
                    <p className="font-medium tabular-nums">{formatEuros(unit * item.quantity)}</p>
                  </li>
                );
              })}
            </ul>
            <TotalsList
              totals={totals}
              itemCount={count}
              promoCode={promo?.code ?? null}
              shipping={shipping}
            />

            <div className="flex items-start gap-3">
              <input
                id={termsId}
                type="checkbox"
                checked={terms}
                onChange={(event) => setTerms(event.target.checked)}
                className="mt-1 size-5 shrink-0 accent-olive-700"
              />
              <label htmlFor={termsId} className="text-sm text-ink">
                J'ai lu et j'accepte les{" "}
                <a
                  href="/cgv"
                  target="_blank"
                  rel="noopener"
                  className="rounded-sm font-semibold text-olive-700 underline underline-offset-4"
                >
                  conditions générales de vente
                  <span className="sr-only"> (nouvel onglet)</span>
                </a>
              </label>
            </div>

            {priceNotice && (
              <p
                role="alert"
                className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
              >
                {priceNotice}
              </p>
            )}
            {paypalNotice && (
              <p
                role="status"
                className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm font-medium text-sky-900"
              >
                {paypalNotice}
              </p>
            )}
            <div ref={banner}>{error && <Notice kind="error">{error}</Notice>}</div>

            {closedMessage ? (
              <p className="rounded-lg bg-cream-100 px-4 py-3 text-center text-sm font-medium text-ink">
                Les commandes ouvriront très bientôt : votre panier est conservé.
              </p>
            ) : method === "bank_transfer" ? (
              <button
                type="button"
                onClick={() => void submitBankTransfer()}
                className="btn btn-primary w-full text-lg"
                disabled={submitting}
                aria-busy={submitting}
              >
                {submitting
                  ? "Traitement en cours..."
                  : priceChange
                    ? `Confirmer la commande (${formatEuros(totals.total)})`
                    : "Confirmer la commande"}
              </button>
            ) : (
              <PaypalCheckout
                enabled={paypalButtonsEnabled({ loading: submitting, addressId, termsAccepted: terms })}
                hasAddress={addressChosen}
                termsAccepted={terms}
                handlers={paypalHandlers}
              />
            )}
            {submitting && method === "paypal" && (
              <p role="status" className="text-center text-sm text-ink-soft">
                Validation du paiement...
              </p>
            )}
            {company.email && (
              <p className="text-center text-sm text-ink-soft">
                Besoin d'aide ?{" "}
                <a
                  href={`mailto:${company.email}`}
                  className="rounded-sm font-semibold text-olive-700 underline underline-offset-4"
                >
                  {company.email}
                </a>
              </p>
            )}
          </div>
        </aside>
      </div>
    );
  }
}

function Section({ title, step, children }: { title: string; step: number; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="mb-4 flex items-center gap-3 font-serif text-xl font-semibold text-olive-900">
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-olive-700 font-sans text-sm font-bold text-cream-50"
        >
          {step}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

interface MethodProps {
  value: PaymentChoice;
  checked: boolean;
  onChange: (value: PaymentChoice) => void;
  title: string;
  description: string;
  disabled?: boolean;
  badge?: string;
}

function MethodOption({
  value,
  checked,
  onChange,
  title,
  description,
  disabled = false,
  badge,
}: MethodProps) {
  return (
    <label
      className={`flex gap-3 rounded-xl border-2 p-4 ${
        disabled ? "cursor-not-allowed bg-cream-100" : "cursor-pointer hover:border-olive-500"
      } ${checked ? "border-olive-600 bg-olive-50" : "border-cream-300"}`}
    >
      <input
        type="radio"
        name="payment_method"
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(value)}
        className="mt-1 size-4 shrink-0 accent-olive-700"
      />
      <span>
        <span className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          {title}
          {badge && (
            <span className="rounded-full bg-cream-300 px-2.5 py-0.5 text-xs font-semibold text-ink">
              {badge}
            </span>
          )}
        </span>
        <span className="block text-sm text-ink-soft">{description}</span>
      </span>
    </label>
  );
}

const iconProps = {
  viewBox: "0 0 24 24",
  className: "mt-0.5 size-5 shrink-0 text-olive-700",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

function TruckIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
      <circle cx="7" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

function TagIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <path d="M3 12V4h8l10 10-8 8L3 12Z" />
      <circle cx="7.5" cy="8" r="1.3" />
    </svg>
  );
}

import { useEffect, useLayoutEffect, useRef, useState } from "react";
import {
  canCreateLabel,
  dayLabelsFailureMessage,
  dayLabelsUrl,
  labelCreatedMessage,
  labelFailureMessage,
  labelUrl,
} from "../../../domain/admin/admin-labels";
import { colissimoStatus, settingsByKey } from "../../../domain/admin/admin-settings";
import type { Order } from "../../../domain/orders/order";
import { orderNumber } from "../../../domain/orders/order-status";
import { ApiError } from "../../../lib/api-client";
import { createShippingLabel, fetchSettings } from "../admin-api";
import { useAccessGuard } from "../hooks";
import { smallButton } from "../ui";

/**
 * Colissimo labels (issue 31, docs/decisions/047), the same on an order's card and in the to-do list's « Commandes à
 * expédier »: « Créer l'étiquette » for a paid order still to prepare, « Imprimer l'étiquette » once it has one.
 */

const linkClass =
  "rounded-sm font-semibold text-olive-800 underline underline-offset-4 hover:text-olive-950 focus-visible:outline-2";

/**
 * Whether the « Colissimo » card is complete (GET /api/admin/settings, read once per screen): only then is « Créer
 * l'étiquette » offered. Until the answer, or when it fails, it is not: the owner types the tracking in the form.
 */
export function useColissimoConfigured(): boolean {
  const [configured, setConfigured] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchSettings(controller.signal)
      .then((rows) => setConfigured(colissimoStatus(settingsByKey(rows)).configured))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return configured;
}

type LabelState = { step: "idle" } | { step: "creating" } | { step: "created"; message: string };

/**
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

/**
 * « Imprimer les étiquettes du jour »: every label bought today (Paris), one PDF in a new tab. Asked for first, so that
 * a day without labels says so here in French instead of opening the API's answer: the PDF then opens in a new tab
 * (still within the click's user activation), or, where the browser blocks that, a link to it is offered.
 */
export function DayLabelsButton() {
  const [state, setState] = useState<
    | { step: "idle" }
    | { step: "loading" }
    | { step: "blocked"; url: string }
    | { step: "none"; message: string }
  >({ step: "idle" });
  const guard = useAccessGuard();
  useEffect(
    () => () => {
      if (state.step === "blocked") URL.revokeObjectURL(state.url);
    },
    [state],
  );

  async function print() {
    setState({ step: "loading" });
    try {
      const response = await fetch(dayLabelsUrl(new Date()), { credentials: "same-origin" });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string; code?: string };
        const failure = new ApiError(body.error ?? "", response.status, body.code);
        if (guard(failure)) return setState({ step: "idle" });
        return setState({ step: "none", message: dayLabelsFailureMessage(failure) });
      }
      const url = URL.createObjectURL(await response.blob());
      // Without "noopener", which would make window.open answer null whether or not the tab opened: the tab shows our
      // own PDF (a blob: address of this origin), nothing that could misuse the opener.
      if (window.open(url, "_blank")) {
        setState({ step: "idle" });
        // The new tab has read it by then; the address is not kept alive for nothing.
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else setState({ step: "blocked", url });
    } catch {
      setState({ step: "none", message: dayLabelsFailureMessage({ status: 0, message: "" }) });
    }
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className={smallButton}
        disabled={state.step === "loading"}
        onClick={() => void print()}
      >
        {state.step === "loading" ? "Préparation des étiquettes…" : "Imprimer les étiquettes du jour"}
        <span className="sr-only"> (PDF, nouvel onglet)</span>
      </button>
      <p role="status" className="text-sm text-ink-soft">
        {state.step === "none" && state.message}
        {state.step === "blocked" && (
          <a className={linkClass} href={state.url} target="_blank" rel="noopener">
            Ouvrir le PDF des étiquettes du jour
          </a>
        )}
      </p>
    </div>
  );
}

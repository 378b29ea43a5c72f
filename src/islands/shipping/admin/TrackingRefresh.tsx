import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Order } from "../../../domain/orders/order";
import { orderNumber } from "../../../domain/orders/order-status";
import { colissimoStatus, settingsByKey } from "../../../domain/settings/admin-settings";
import { canRefreshTracking } from "../../../domain/shipping/admin-labels";
import { errorMessage } from "../../../lib/api-client";
import { fetchSettings, refreshAllTracking, refreshParcelTracking } from "../../ui/admin/admin-api";
import { useAccessGuard } from "../../ui/admin/hooks";
import { smallButton } from "../../ui/admin/ui";

/**
 * « Actualiser le suivi » (docs/decisions/047): La Poste's tracking read now, for one order on its card or for every
 * open parcel above the orders, by the same read as the schedule. Each button keeps the focus while it works
 * (aria-disabled, not disabled) and its outcome is announced beside it.
 */

/**
 * What the « Colissimo » card allows, read once per screen (GET /api/admin/settings): labels once it is complete,
 * tracking once La Poste's API key is in it. Until the answer, or when it fails, neither is offered.
 */
export function useColissimoSetup(): { labels: boolean; tracking: boolean } {
  const [setup, setSetup] = useState({ labels: false, tracking: false });
  useEffect(() => {
    const controller = new AbortController();
    fetchSettings(controller.signal)
      .then((rows) => {
        const settings = settingsByKey(rows);
        const labels = colissimoStatus(settings).configured;
        setSetup({ labels, tracking: labels && Boolean(settings.shipping_colissimo?.api_key) });
      })
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return setup;
}

type Outcome = { kind: "done" | "failed"; message: string } | null;

/** One click runs one request; the outcome replaces the last one. */
function useRefresh<T>(run: () => Promise<T>, onDone: (answer: T) => string) {
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const running = useRef(false);
  const guard = useAccessGuard();
  async function click() {
    if (running.current) return;
    running.current = true;
    setWorking(true);
    setOutcome(null);
    try {
      setOutcome({ kind: "done", message: onDone(await run()) });
    } catch (failure) {
      if (!guard(failure))
        setOutcome({
          kind: "failed",
          message: errorMessage(
            failure,
            "Le suivi n'a pas pu être actualisé : vérifiez votre connexion, puis réessayez.",
          ),
        });
    } finally {
      running.current = false;
      setWorking(false);
    }
  }
  return { working, outcome, click };
}

function OutcomeText({ id, outcome }: { id: string; outcome: Outcome }) {
  // Both regions are always there, so that screen readers announce what comes into them.
  return (
    <>
      <p id={`${id}-statut`} role="status" tabIndex={-1} className="text-sm font-medium text-olive-800">
        {outcome?.kind === "done" ? outcome.message : ""}
      </p>
      <p id={`${id}-erreur`} role="alert" className="text-sm font-medium text-alert">
        {outcome?.kind === "failed" ? outcome.message : ""}
      </p>
    </>
  );
}

/** The button on a shipped Colissimo order's card; `onRefreshed` gets the order as the tracking left it. */
export function ParcelTrackingRefresh({
  order,
  trackingConfigured,
  onRefreshed,
  className = "",
}: {
  order: Pick<Order, "id" | "status" | "shipping_company" | "tracking_number">;
  trackingConfigured: boolean;
  onRefreshed: (order: Order) => void;
  className?: string;
}) {
  const { working, outcome, click } = useRefresh(
    () => refreshParcelTracking(order.id),
    (answer) => {
      onRefreshed(answer.order);
      return answer.message;
    },
  );
  const offered = canRefreshTracking(order, trackingConfigured);
  const id = `suivi-${order.id}`;
  // Delivered by this read, the button goes: the focus goes to the outcome, which says so.
  useLayoutEffect(() => {
    if (!offered && outcome) document.getElementById(`${id}-statut`)?.focus();
  }, [offered, outcome, id]);
  if (!offered && !outcome) return null;
  return (
    <div className={`flex flex-col items-start gap-1 ${className}`}>
      {offered && (
        <button
          type="button"
          className={smallButton}
          aria-disabled={working}
          aria-describedby={`${id}-statut ${id}-erreur`}
          onClick={() => void click()}
        >
          {working ? "Lecture du suivi La Poste…" : "Actualiser le suivi"}
          <span className="sr-only"> de la commande n° {orderNumber(order.id)}</span>
        </button>
      )}
      <OutcomeText id={id} outcome={outcome} />
    </div>
  );
}

/** Above the orders: every open parcel read now; `onDone` reloads the list so the cards show what changed. */
export function AllParcelsTrackingRefresh({ onDone }: { onDone: () => void }) {
  const { working, outcome, click } = useRefresh(refreshAllTracking, (answer) => {
    onDone();
    return answer.message;
  });
  return (
    <div className="flex max-w-md flex-col items-start gap-1">
      <button
        type="button"
        className={smallButton}
        aria-disabled={working}
        aria-describedby="suivi-colis-statut suivi-colis-erreur"
        onClick={() => void click()}
      >
        {working ? "Lecture du suivi La Poste…" : "Actualiser le suivi des colis"}
      </button>
      <OutcomeText id="suivi-colis" outcome={outcome} />
    </div>
  );
}

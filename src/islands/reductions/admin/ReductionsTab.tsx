import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { periodLabel, SEASON_LABELS } from "../../../domain/reductions/reduction-form";
import { REDUCTION_KIND_LABELS } from "../../../domain/reductions/words";
import { ConfirmDialog } from "../../ui/admin/dialogs";
import { useConfirmed, useLoad } from "../../ui/admin/hooks";
import { Empty, LoadError, Loading, TabHeader, TabNotice } from "../../ui/admin/ui";
import { PriceHistoryDialog } from "./PriceHistory";
import { ReductionCard } from "./ReductionCard";
import { type AdminReduction, fetchReductions, withdrawReduction } from "./reductions-api";

/** The form and its catalogue load when the owner opens it. */
const ReductionFormDialog = lazy(() =>
  import("./ReductionForm").then((m) => ({ default: m.ReductionFormDialog })),
);

/**
 * « Réductions »: the national « Soldes » periods of this year and next, the reductions scheduled, running and
 * ended, scheduling one, cancelling or stopping one after a confirmation, and a product's price history. After an
 * action the list is read again, a word is announced, and focus goes to the reduction, else the list's heading.
 */
export function ReductionsTab() {
  const { state, reload, refresh } = useLoad(fetchReductions);
  const [formOpen, setFormOpen] = useState(false);
  const [history, setHistory] = useState<{ id: number; name: string } | null>(null);
  const withdrawing = useConfirmed<AdminReduction>();
  const [notice, setNotice] = useState("");
  const [focusAfter, setFocusAfter] = useState<{ id: string } | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  /** The reduction just withdrawn, focused once its confirmation has closed and given the focus back. */
  const withdrawn = useRef<string | null>(null);

  useEffect(() => {
    if (!focusAfter || state.status !== "ready") return;
    setFocusAfter(null);
    const target =
      list.current?.querySelector<HTMLElement>(
        `[data-reduction="${CSS.escape(focusAfter.id)}"] [data-reduction-heading]`,
      ) ?? listHeading.current;
    // After a dialog has given the focus back to its opener.
    window.setTimeout(() => target?.focus());
  }, [focusAfter, state.status]);

  useEffect(() => {
    if (withdrawing.target || !withdrawn.current) return;
    setFocusAfter({ id: withdrawn.current });
    withdrawn.current = null;
  }, [withdrawing.target]);

  async function scheduled(reduction: AdminReduction) {
    setFormOpen(false);
    const count = reduction.products.length;
    setNotice(
      `Réduction « ${REDUCTION_KIND_LABELS[reduction.kind]} » programmée sur ${count} produit${count > 1 ? "s" : ""}.`,
    );
    await refresh();
    setFocusAfter({ id: reduction.id });
  }

  async function withdraw(reduction: AdminReduction) {
    await withdrawReduction(reduction.id);
    setNotice(reduction.status === "scheduled" ? "Réduction annulée." : "Réduction arrêtée.");
    withdrawn.current = reduction.id;
    await refresh();
  }

  const data = state.status === "ready" ? state.data : null;
  const target = withdrawing.target;
  return (
    <div>
      <TabHeader
        title="Réductions"
        action={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setNotice("");
              setFormOpen(true);
            }}
          >
            <span aria-hidden="true">+</span> Programmer une réduction
          </button>
        }
      >
        Le prix de référence annoncé est calculé par la boutique : le plus bas des 30 jours précédant la
        réduction.
      </TabHeader>
      <TabNotice>{notice}</TabNotice>
      {state.status === "loading" && <Loading>Chargement des réductions...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {data && (
        <>
          <section aria-labelledby="soldes-nationales" className="mb-8">
            <h3 id="soldes-nationales" className="font-serif text-xl font-semibold text-olive-900">
              Périodes des soldes nationales
            </h3>
            <ul className="mt-2 space-y-1 text-ink" data-sales-periods>
              {data.periods.map((period) => (
                <li key={period.starts_at}>
                  <span className="font-semibold">{SEASON_LABELS[period.season]}</span> :{" "}
                  {periodLabel(period)}
                </li>
              ))}
            </ul>
          </section>
          <h3
            ref={listHeading}
            tabIndex={-1}
            className="mb-3 font-serif text-xl font-semibold text-olive-900 focus:outline-none focus-visible:outline-2"
          >
            Réductions programmées, en cours et terminées
          </h3>
          {data.reductions.length === 0 ? (
            <Empty>Aucune réduction pour le moment.</Empty>
          ) : (
            <ul ref={list} aria-label="Liste des réductions" className="space-y-4">
              {data.reductions.map((reduction) => (
                <ReductionCard
                  key={reduction.id}
                  reduction={reduction}
                  actions={{ busy: withdrawing.busy, onWithdraw: withdrawing.ask, onHistory: setHistory }}
                />
              ))}
            </ul>
          )}
        </>
      )}
      {formOpen && (
        <Suspense fallback={null}>
          <ReductionFormDialog
            onScheduled={(reduction) => void scheduled(reduction)}
            onClose={() => setFormOpen(false)}
          />
        </Suspense>
      )}
      {history && <PriceHistoryDialog product={history} onClose={() => setHistory(null)} />}
      {target && (
        <ConfirmDialog
          title={target.status === "scheduled" ? "Annuler la réduction" : "Arrêter la réduction"}
          message={
            target.status === "scheduled"
              ? "Cette réduction ne commencera pas : les prix restent ceux d'aujourd'hui."
              : "La réduction s'arrête maintenant : les produits reprennent leur prix habituel et les pages sont republiées."
          }
          confirmLabel={target.status === "scheduled" ? "Annuler la réduction" : "Arrêter maintenant"}
          cancelLabel="Garder la réduction"
          busy={withdrawing.busy}
          error={withdrawing.error}
          onConfirm={() => void withdrawing.confirm(withdraw)}
          onCancel={withdrawing.cancel}
        />
      )}
    </div>
  );
}

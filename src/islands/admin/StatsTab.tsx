import { useState } from "react";
import { formatAmount } from "../../domain/admin/admin-format";
import { once } from "../../domain/once";
import { AccountingExports } from "../accounting/admin/AccountingExports";
import { PublishingStatus } from "../publishing/admin/PublishingStatus";
import { SetupChecklist } from "../settings/admin/SetupChecklist";
import { type AdminStats, fetchStats } from "../ui/admin/admin-api";
import { useLoad } from "../ui/admin/hooks";
import { LoadError, Loading, TabHeader } from "../ui/admin/ui";
import { WithdrawalsPanel } from "../withdrawals/admin/WithdrawalsPanel";
import { TodoList } from "./todo/TodoList";

const count = once(() => new Intl.NumberFormat("fr-FR"));

/** The dashboard's figures (spec 3 "Admin stats"), in the order an owner reads them. */
const CARDS: ReadonlyArray<{ key: keyof AdminStats; label: string; money?: boolean; hint?: string }> = [
  { key: "totalRevenue", label: "Chiffre d'affaires", money: true, hint: "Commandes payées" },
  { key: "totalOrders", label: "Commandes" },
  { key: "ordersThisMonth", label: "Commandes ce mois-ci" },
  { key: "averageOrderValue", label: "Panier moyen", money: true, hint: "Commandes payées" },
  { key: "pendingOrders", label: "Commandes en attente" },
  { key: "completedOrders", label: "Commandes livrées" },
  { key: "totalUsers", label: "Utilisateurs" },
  { key: "totalProducts", label: "Produits" },
];

/**
 * The Statistiques tab: the to-do list, the figures, the withdrawals. Any action on it refreshes what it changed:
 * a transfer marked received in the to-do list reads the figures and the withdrawals again.
 */
export function StatsTab() {
  const { state, reload, refresh } = useLoad(fetchStats);
  const [changes, setChanges] = useState(0);
  function changed() {
    void refresh();
    setChanges((count) => count + 1);
  }
  return (
    <div>
      <TabHeader
        title="Statistiques"
        action={
          <button
            type="button"
            className="btn btn-secondary"
            onClick={reload}
            disabled={state.status === "loading"}
          >
            Actualiser
          </button>
        }
      />
      <TodoList onChanged={changed} />
      <SetupChecklist />
      <PublishingStatus />
      {state.status === "loading" && <Loading>Chargement des statistiques...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {state.status === "ready" && (
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CARDS.map((card) => {
            const value = Number(state.data[card.key] ?? 0);
            return (
              <div
                key={card.key}
                className="flex flex-col-reverse justify-end rounded-2xl border border-cream-300 bg-white p-5 shadow-sm"
              >
                <dt className="mt-1 text-sm font-semibold text-ink-soft">
                  {card.label}
                  {card.hint && <span className="block text-xs font-normal">{card.hint}</span>}
                </dt>
                <dd
                  className="font-serif text-3xl font-semibold text-olive-900 tabular-nums"
                  data-stat={card.key}
                >
                  {card.money ? formatAmount(value) : count().format(value)}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      <WithdrawalsPanel changes={changes} />
      <AccountingExports />
    </div>
  );
}

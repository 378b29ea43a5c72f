import { lazy, Suspense, useState } from "react";
import { formatAmount, formatDateTime } from "../../../domain/admin/admin-format";
import { type AdminPromo, discountLabel, usageLabel } from "../../../domain/promos/admin-promos";
import { deletePromo, fetchPromos } from "../../ui/admin/admin-api";
import { DataTable } from "../../ui/admin/DataTable";
import { ConfirmDialog } from "../../ui/admin/dialogs";
import { useConfirmed, useLoad } from "../../ui/admin/hooks";
import {
  Badge,
  dangerButton,
  Empty,
  LoadError,
  Loading,
  smallButton,
  TabHeader,
  TabNotice,
} from "../../ui/admin/ui";

/** The code's form and its history load when the owner opens them. */
const PromoFormDialog = lazy(() => import("./PromoForm").then((m) => ({ default: m.PromoFormDialog })));
const PromoUsageDialog = lazy(() => import("./PromoUsage").then((m) => ({ default: m.PromoUsageDialog })));

type Editing = { kind: "none" } | { kind: "new" } | { kind: "edit"; promo: AdminPromo };

const DELETE_CONFIRMATION = "Êtes-vous sûr de vouloir supprimer ce code promo ?";

/**
 * Promo codes (spec 2 "Promo codes tab"): table, create/edit dialog, usage history, delete after confirmation; a
 * code that has been used is archived instead (order-lifecycle.md "Promo codes").
 */
export function PromosTab() {
  const { state, reload, update } = useLoad(fetchPromos);
  const [editing, setEditing] = useState<Editing>({ kind: "none" });
  const [history, setHistory] = useState<AdminPromo | null>(null);
  const deleting = useConfirmed<AdminPromo>();
  const [notice, setNotice] = useState("");

  function saved(promo: AdminPromo, created: boolean) {
    update((promos) =>
      created ? [promo, ...promos] : promos.map((item) => (item.id === promo.id ? promo : item)),
    );
    setEditing({ kind: "none" });
    setNotice(created ? `Code promo ${promo.code} créé.` : `Code promo ${promo.code} modifié.`);
  }

  async function remove(promo: AdminPromo) {
    const answer = await deletePromo(promo.id);
    if (answer?.archived) {
      const archivedAt = new Date().toISOString();
      update((promos) =>
        promos.map((item) =>
          item.id === promo.id ? { ...item, is_active: false, archived_at: archivedAt } : item,
        ),
      );
      setNotice(`Code promo ${promo.code} archivé. ${answer.message}`);
    } else {
      update((promos) => promos.filter((item) => item.id !== promo.id));
      setNotice(`Code promo ${promo.code} supprimé.`);
    }
  }

  const now = Date.now();
  const promos = state.status === "ready" ? state.data : [];
  return (
    <div>
      <TabHeader
        title="Codes Promo"
        action={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setNotice("");
              setEditing({ kind: "new" });
            }}
          >
            <span aria-hidden="true">+</span> Nouveau code promo
          </button>
        }
      >
        {state.status === "ready" && `${promos.length} code${promos.length > 1 ? "s" : ""}`}
      </TabHeader>
      <TabNotice>{notice}</TabNotice>
      {state.status === "loading" && <Loading>Chargement des codes promo...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {state.status === "ready" && promos.length === 0 && <Empty>Aucun code promo trouvé</Empty>}
      {promos.length > 0 && (
        <DataTable
          look="tab"
          minWidth="min-w-[56rem]"
          columns={["Code", "Description", "Réduction", "Utilisations", "Statut", "Expiration", "Actions"]}
        >
          {promos.map((promo) => {
            const usage = usageLabel(promo);
            const expired = promo.expires_at !== null && Date.parse(promo.expires_at) <= now;
            const upcoming = Date.parse(promo.starts_at) > now;
            return (
              <tr key={promo.id} className="align-top">
                <th scope="row" className="px-4 py-3 font-mono text-base font-semibold text-olive-900">
                  {promo.code}
                </th>
                <td className="max-w-56 px-4 py-3 text-ink">{promo.description || "—"}</td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <span className="font-semibold text-ink">{discountLabel(promo)}</span>
                  {promo.min_order_amount > 0 && (
                    <span className="block text-xs text-ink-soft">
                      Dès {formatAmount(promo.min_order_amount)}
                    </span>
                  )}
                  {promo.max_discount_amount !== null && (
                    <span className="block text-xs text-ink-soft">
                      Max. {formatAmount(promo.max_discount_amount)}
                    </span>
                  )}
                </td>
                <td className="px-4 py-3">
                  <button
                    type="button"
                    onClick={() => setHistory(promo)}
                    className="rounded-md px-1 text-left font-semibold text-olive-700 underline decoration-dotted underline-offset-4 hover:text-olive-900"
                  >
                    <span className="sr-only">Historique d'utilisation de {promo.code} : </span>
                    <span className="block whitespace-nowrap tabular-nums">{usage.text}</span>
                    {usage.percent && (
                      <span className="block text-xs font-normal text-ink-soft">({usage.percent})</span>
                    )}
                    {promo.usage_limit === null && (
                      <span className="block text-xs font-normal text-ink-soft">
                        {promo.usage_count} utilisation{promo.usage_count > 1 ? "s" : ""}
                      </span>
                    )}
                  </button>
                </td>
                <td className="px-4 py-3">
                  <span className="flex flex-col items-start gap-1">
                    {promo.archived_at ? (
                      <Badge tone="neutral">Archivé</Badge>
                    ) : (
                      <Badge tone={promo.is_active ? "success" : "neutral"}>
                        {promo.is_active ? "Actif" : "Inactif"}
                      </Badge>
                    )}
                    {expired && <Badge tone="danger">Expiré</Badge>}
                    {!expired && upcoming && <Badge tone="info">À venir</Badge>}
                  </span>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  {promo.expires_at ? formatDateTime(promo.expires_at) : "Jamais"}
                </td>
                <td className="px-4 py-3">
                  {promo.archived_at ? (
                    <span className="text-xs text-ink-soft">Historique conservé</span>
                  ) : (
                    <span className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={smallButton}
                        aria-label={`Modifier ${promo.code}`}
                        onClick={() => {
                          setNotice("");
                          setEditing({ kind: "edit", promo });
                        }}
                      >
                        Modifier
                      </button>
                      <button
                        type="button"
                        className={dangerButton}
                        aria-label={`Supprimer ${promo.code}`}
                        onClick={() => {
                          setNotice("");
                          deleting.ask(promo);
                        }}
                      >
                        Supprimer
                      </button>
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      {editing.kind !== "none" && (
        <Suspense fallback={null}>
          <PromoFormDialog
            promo={editing.kind === "edit" ? editing.promo : null}
            onSaved={saved}
            onClose={() => setEditing({ kind: "none" })}
          />
        </Suspense>
      )}
      {history && (
        <Suspense fallback={null}>
          <PromoUsageDialog promo={history} onClose={() => setHistory(null)} />
        </Suspense>
      )}
      {deleting.target && (
        <ConfirmDialog
          title={`Supprimer le code ${deleting.target.code}`}
          message={
            deleting.target.usage_count > 0 ? (
              <p>
                {`Ce code a déjà servi ${deleting.target.usage_count} fois : il sera archivé au lieu d'être supprimé. Il ne pourra plus être utilisé, et son historique restera consultable.`}
              </p>
            ) : (
              <p>{DELETE_CONFIRMATION}</p>
            )
          }
          confirmLabel={deleting.target.usage_count > 0 ? "Archiver" : "Supprimer"}
          busy={deleting.busy}
          error={deleting.error}
          onConfirm={() => deleting.confirm(remove)}
          onCancel={deleting.cancel}
        />
      )}
    </div>
  );
}

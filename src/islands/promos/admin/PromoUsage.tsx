import { isGuestUserId } from "../../../domain/accounts/guest-account";
import { formatAmount, formatDateTime } from "../../../domain/admin/admin-format";
import { type AdminPromo, usageOrderLabel, usageUserLabel } from "../../../domain/promos/admin-promos";
import { fetchPromoUsage, fetchUserSummary, type UserSummary } from "../../ui/admin/admin-api";
import { DataTable } from "../../ui/admin/DataTable";
import { CloseRow, Dialog } from "../../ui/admin/dialogs";
import { useLoad } from "../../ui/admin/hooks";
import { LoadError, Loading } from "../../ui/admin/ui";

/**
 * Who used a code (spec 2): user (name or e-mail, else 'User' + 8 characters of the id), amount saved, order
 * (last 8 characters or N/A), date. Each user is looked up once; a failed lookup falls back to the id.
 */
async function loadHistory(promoId: string, signal: AbortSignal) {
  const usages = await fetchPromoUsage(promoId, signal);
  // A guest's use names her e-mail in its id: no account to look up.
  const ids = [...new Set(usages.map((usage) => usage.user_id))].filter((id) => !isGuestUserId(id));
  const summaries = new Map<string, UserSummary | null>(
    await Promise.all(
      ids.map(async (id) => [id, await fetchUserSummary(id, signal).catch(() => null)] as const),
    ),
  );
  return usages.map((usage) => ({
    ...usage,
    user: usageUserLabel(usage.user_id, summaries.get(usage.user_id)),
  }));
}

export function PromoUsageDialog({ promo, onClose }: { promo: AdminPromo; onClose: () => void }) {
  const { state, reload } = useLoad((signal) => loadHistory(promo.id, signal));
  return (
    <Dialog title={`Historique d'utilisation — ${promo.code}`} onClose={onClose} wide>
      {state.status === "loading" && <Loading>Chargement de l'historique...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {state.status === "ready" && state.data.length === 0 && (
        <p className="py-6 text-center text-ink-soft">Ce code n'a pas encore été utilisé.</p>
      )}
      {state.status === "ready" && state.data.length > 0 && (
        <DataTable
          look="dialog"
          minWidth="min-w-[32rem]"
          caption={`Utilisations du code ${promo.code}`}
          columns={["Utilisateur", "Économie", "Commande", "Date"]}
        >
          {state.data.map((usage) => (
            <tr key={usage.id}>
              <td className="px-4 py-2.5 break-all">{usage.user}</td>
              <td className="px-4 py-2.5 whitespace-nowrap tabular-nums">
                {formatAmount(usage.discount_amount)}
              </td>
              <td className="px-4 py-2.5 font-mono">{usageOrderLabel(usage.order_id)}</td>
              <td className="px-4 py-2.5 whitespace-nowrap">{formatDateTime(usage.used_at)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <CloseRow onClose={onClose} />
    </Dialog>
  );
}

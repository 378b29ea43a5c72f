import { formatAmount } from "../../../domain/admin/admin-format";
import { PRICE_CHANGE_REASON_LABELS } from "../../../domain/reductions/price-change-reasons";
import { parisMoment } from "../../../domain/reductions/reduction-form";
import { DataTable } from "../../ui/admin/DataTable";
import { CloseRow, Dialog } from "../../ui/admin/dialogs";
import { useLoad } from "../../ui/admin/hooks";
import { Empty, LoadError, Loading } from "../../ui/admin/ui";
import { fetchPriceHistory } from "./reductions-api";

/** « Historique des prix »: each price the product had up to now, from when and why, oldest first. */
export function PriceHistoryDialog({
  product,
  onClose,
}: {
  product: { id: number; name: string };
  onClose: () => void;
}) {
  const { state, reload } = useLoad((signal) => fetchPriceHistory(product.id, signal));
  return (
    <Dialog title={`Historique des prix : ${product.name}`} onClose={onClose} wide>
      {state.status === "loading" && <Loading>Chargement de l'historique...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {state.status === "ready" && state.data.length === 0 && <Empty>Aucun prix enregistré.</Empty>}
      {state.status === "ready" && state.data.length > 0 && (
        <DataTable
          look="dialog"
          minWidth="min-w-[32rem]"
          caption={`Historique des prix de « ${product.name} »`}
          columns={["Depuis le", "Prix", "Motif"]}
        >
          {state.data.map((line) => (
            <tr key={`${line.from}-${line.reason}`}>
              <td className="px-4 py-2.5 text-ink">{parisMoment(new Date(line.from))}</td>
              <td className="px-4 py-2.5 font-semibold text-ink">{formatAmount(line.price)}</td>
              <td className="px-4 py-2.5 text-ink">{PRICE_CHANGE_REASON_LABELS[line.reason]}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <CloseRow onClose={onClose} />
    </Dialog>
  );
}

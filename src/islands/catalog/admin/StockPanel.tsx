import { type FormEvent, useState } from "react";
import { formatDateTime } from "../../../domain/admin/admin-format";
import { formatDelta, STOCK_REASON_LABELS, type StockMovement } from "../../../domain/catalog/stock";
import { adjustStock, fetchStockMovements } from "../../ui/admin/admin-api";
import { DataTable } from "../../ui/admin/DataTable";
import { SaveOutcome } from "../../ui/admin/form-controls";
import { useLoad, useSave } from "../../ui/admin/hooks";
import { LoadError, Loading } from "../../ui/admin/ui";
import { TextField } from "../../ui/fields";

function movementDetail(movement: StockMovement): string {
  if (movement.note) return movement.note;
  if (movement.order_id) return `Commande ${movement.order_id.slice(-8)}`;
  return "—";
}

/**
 * A product's stock in the admin form (order-lifecycle.md "Stock"): an adjustment by a signed quantity with its
 * reason ("+24 reçus du séchoir", "-2 cassés"), which keeps the units sold meanwhile, and the movements that explain
 * the figure (sales, released and cancelled orders, returns, adjustments), newest first.
 */
export function StockPanel({ productId, onStock }: { productId: number; onStock: (stock: number) => void }) {
  const { state, reload, update } = useLoad((signal) => fetchStockMovements(productId, signal));
  const [delta, setDelta] = useState("");
  const [note, setNote] = useState("");
  const { saving, error, fields, setFields, run } = useSave();
  const [notice, setNotice] = useState("");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const quantity = Number(delta.trim().replace("−", "-"));
    if (!delta.trim() || !Number.isInteger(quantity) || quantity === 0) {
      setFields({ delta: "Indiquez une quantité entière, positive pour ajouter, négative pour retirer." });
      return;
    }
    setNotice("");
    await run(async () => {
      const { stock } = await adjustStock(productId, { delta: quantity, note });
      setDelta("");
      setNote("");
      setNotice(`Stock ajusté de ${formatDelta(quantity)} : ${stock} en stock.`);
      onStock(stock);
      // The list stays on screen while the new movement is read (no flash of "Chargement").
      const fresh = await fetchStockMovements(productId);
      update(() => fresh);
    });
  }

  const movements = state.status === "ready" ? state.data.movements : [];
  return (
    <section aria-labelledby="stock-panel-title" className="mt-8 border-t border-cream-300 pt-6">
      <h3 id="stock-panel-title" className="font-serif text-lg font-semibold text-olive-900">
        Ajuster le stock
      </h3>
      <p className="mt-1 text-sm text-ink-soft">
        Ajoutez ou retirez des unités avec leur raison : les ventes faites entre-temps sont conservées.
      </p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
        <TextField
          label="Quantité (+ ou −)"
          name="delta"
          inputMode="numeric"
          placeholder="+24 ou -2"
          value={delta}
          onValue={setDelta}
          error={fields.delta}
        />
        <TextField
          label="Raison"
          name="note"
          maxLength={200}
          placeholder="Reçus du séchoir, 2 cassés…"
          value={note}
          onValue={setNote}
          error={fields.note}
        />
        <button type="submit" className="btn btn-secondary sm:mt-7" disabled={saving}>
          {saving ? "Ajustement..." : "Ajuster le stock"}
        </button>
      </form>
      <SaveOutcome error={error} notice={notice} />

      <h4 className="mt-6 font-semibold text-ink">Mouvements de stock</h4>
      {state.status === "loading" && <Loading>Chargement des mouvements...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {state.status === "ready" && movements.length === 0 && (
        <p className="mt-2 text-sm text-ink-soft">Aucun mouvement enregistré pour ce produit.</p>
      )}
      {movements.length > 0 && (
        <DataTable
          look="panel"
          minWidth="min-w-[32rem]"
          caption="Mouvements de stock, du plus récent au plus ancien"
          columns={["Date", "Mouvement", "Quantité", "Détail", "Stock après"]}
        >
          {movements.map((movement) => (
            <tr key={movement.id}>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(movement.at)}</td>
              <td className="px-3 py-2">{STOCK_REASON_LABELS[movement.reason]}</td>
              <td className="px-3 py-2 font-semibold tabular-nums">{formatDelta(movement.delta)}</td>
              <td className="px-3 py-2">{movementDetail(movement)}</td>
              <td className="px-3 py-2 tabular-nums">{movement.stock_after ?? "—"}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

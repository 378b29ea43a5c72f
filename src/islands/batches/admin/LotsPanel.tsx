import { type FormEvent, useState } from "react";
import { formatDateTime } from "../../../domain/admin/admin-format";
import {
  type Batch,
  RECALL_RISK_MAX,
  RECALL_RISK_MIN,
  type RecallEntry,
} from "../../../domain/batches/batches";
import { createBatch, fetchBatches, fetchRecall, sendRecall } from "../../ui/admin/admin-api";
import { DataTable } from "../../ui/admin/DataTable";
import { SaveOutcome, TextAreaField } from "../../ui/admin/form-controls";
import { useLoad, useSave } from "../../ui/admin/hooks";
import { LoadError, Loading } from "../../ui/admin/ui";
import { fieldBinder, TextField } from "../../ui/fields";

const EMPTY = {
  lot: "",
  made_on: "",
  dried_on: "",
  expires_on: "",
  pao_months: "",
  inci_version: "",
  quantity: "",
};

const frenchDay = (day: string | null) => (day ? day.split("-").reverse().join("/") : "—");

function shelfLife(batch: Batch): string {
  if (batch.expires_on) return `Péremption ${frenchDay(batch.expires_on)}`;
  return batch.pao_months ? `PAO ${batch.pao_months} mois` : "—";
}

function recallStatus(entry: RecallEntry): string {
  if (entry.notified_at)
    return `Prévenu le ${formatDateTime(entry.notified_at)} (${entry.notified_email ?? ""})`;
  if (!entry.customer_email) return "Client supprimé, non joignable";
  return "Pas encore prévenu";
}

/**
 * « Rappel de lot » (decision record 018; Regulation (EU) 2023/988 art. 35-36): every order that took units of the
 * lot, its customer, and who was told when. The button mails each customer not told yet, once per order and lot.
 */
function RecallView({ productId, lot }: { productId: number; lot: string }) {
  const { state, reload, update } = useLoad((signal) => fetchRecall(productId, lot, signal));
  const { saving: sending, error, fields, setFields, clear, run } = useSave();
  const [notice, setNotice] = useState("");
  const [risk, setRisk] = useState("");

  async function onSend() {
    if (sending) return;
    clear();
    setNotice("");
    // The mail must say what the danger is (Regulation (EU) 2023/988 art. 36(2)); the server checks it too.
    if (risk.trim().length < RECALL_RISK_MIN) {
      setFields({ risk: "Décrivez le risque en une phrase au moins : il figure dans l'e-mail de rappel." });
      return;
    }
    await run(async () => {
      const result = await sendRecall(productId, lot, risk.trim());
      update(() => ({ entries: result.entries }));
      setNotice(`${result.sent} e-mail(s) de rappel envoyé(s).`);
    });
  }

  const entries = state.status === "ready" ? state.data.entries : [];
  const toTell = entries.filter((entry) => !entry.notified_at && entry.customer_email).length;
  return (
    <section aria-label={`Rappel du lot ${lot}`} className="mt-4 rounded-xl border border-terracotta-300 p-4">
      <h4 className="font-semibold text-ink">Rappel du lot {lot}</h4>
      {state.status === "loading" && <Loading>Chargement des commandes du lot...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {state.status === "ready" && entries.length === 0 && (
        <p className="mt-2 text-sm text-ink-soft">Aucune commande n'a pris d'unités de ce lot.</p>
      )}
      {entries.length > 0 && (
        <DataTable
          look="inset"
          minWidth="min-w-[36rem]"
          caption={`Commandes du lot ${lot}`}
          columns={["Commande", "Date", "Client", "Quantité", "Rappel"]}
        >
          {entries.map((entry) => (
            <tr key={entry.order_id}>
              <td className="px-2 py-1 font-mono">{entry.order_number}</td>
              <td className="px-2 py-1 whitespace-nowrap">{formatDateTime(entry.ordered_at)}</td>
              <td className="px-2 py-1">
                {entry.customer_email
                  ? `${entry.customer_name} — ${entry.customer_email}`
                  : entry.customer_name}
              </td>
              <td className="px-2 py-1 tabular-nums">{entry.quantity}</td>
              <td className="px-2 py-1">{recallStatus(entry)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {state.status === "ready" && toTell > 0 && (
        <div className="mt-3 max-w-xl">
          <TextAreaField
            label="Risque pour le consommateur"
            hint="Figure dans l'e-mail de rappel : le danger et ce qui peut arriver (ex. : irritation de la peau)."
            required
            maxLength={RECALL_RISK_MAX}
            value={risk}
            onValue={setRisk}
            error={fields.risk}
          />
        </div>
      )}
      {state.status === "ready" && (
        <button
          type="button"
          className="btn btn-primary mt-3"
          disabled={sending || toTell === 0}
          onClick={() => void onSend()}
        >
          {sending ? "Envoi..." : "Envoyer l'e-mail de rappel"}
        </button>
      )}
      <SaveOutcome error={error} notice={notice} />
    </section>
  );
}

/**
 * A product's batches (« Lots », decision record 018): the lot number printed on the label (Regulation (EC)
 * 1223/2009 art. 19(1)(e)), its dates, its INCI version, its quantity and what is left (sales take the
 * first-expiring lot). A lot is recorded with its quantity; its remaining units change only by sales, returns and
 * an explicit adjustment.
 */
export function LotsPanel({ productId }: { productId: number }) {
  const { state, reload, update } = useLoad((signal) => fetchBatches(productId, signal));
  const [form, setForm] = useState(EMPTY);
  const { saving, error, fields, run } = useSave();
  const [notice, setNotice] = useState("");
  const [recalled, setRecalled] = useState<string | null>(null);
  const bind = fieldBinder(form, setForm, fields);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const quantity = Number(form.quantity);
    const pao = form.pao_months.trim() ? Number(form.pao_months) : null;
    setNotice("");
    await run(async () => {
      const batch = await createBatch(productId, {
        lot: form.lot.trim(),
        made_on: form.made_on,
        dried_on: form.dried_on || null,
        expires_on: form.expires_on || null,
        pao_months: pao,
        inci_version: form.inci_version.trim(),
        quantity,
      });
      setForm(EMPTY);
      setNotice(`Lot ${batch.lot} enregistré (${batch.quantity} unités).`);
      update((current) => ({ batches: [...current.batches, batch] }));
    });
  }

  const batches = state.status === "ready" ? state.data.batches : [];
  return (
    <section aria-labelledby="lots-panel-title" className="mt-8 border-t border-cream-300 pt-6">
      <h3 id="lots-panel-title" className="font-serif text-lg font-semibold text-olive-900">
        Lots
      </h3>
      <p className="mt-1 text-sm text-ink-soft">
        Les ventes prennent d'abord le lot qui périme le plus tôt ; chaque commande garde ses numéros de lot.
      </p>
      {state.status === "loading" && <Loading>Chargement des lots...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {state.status === "ready" && batches.length === 0 && (
        <p className="mt-2 text-sm text-ink-soft">
          Aucun lot enregistré : les ventes indiquent « lot non enregistré ».
        </p>
      )}
      {batches.length > 0 && (
        <DataTable
          look="panel"
          minWidth="min-w-[40rem]"
          caption="Lots du produit"
          columns={["Lot", "Fabrication", "Fin de séchage", "Durabilité", "INCI", "Restant", "Rappel"]}
        >
          {batches.map((batch) => (
            <tr key={batch.lot}>
              <td className="px-3 py-2 font-mono">{batch.lot}</td>
              <td className="px-3 py-2">{frenchDay(batch.made_on)}</td>
              <td className="px-3 py-2">{frenchDay(batch.dried_on)}</td>
              <td className="px-3 py-2">{shelfLife(batch)}</td>
              <td className="px-3 py-2">{batch.inci_version}</td>
              <td className="px-3 py-2 tabular-nums">
                {batch.remaining} / {batch.quantity}
              </td>
              <td className="px-3 py-2">
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-expanded={recalled === batch.lot}
                  onClick={() => setRecalled(recalled === batch.lot ? null : batch.lot)}
                >
                  Rappel de lot <span className="sr-only">{batch.lot}</span>
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {recalled && <RecallView key={recalled} productId={productId} lot={recalled} />}

      <h4 className="mt-6 font-semibold text-ink">Enregistrer un lot</h4>
      <form onSubmit={onSubmit} className="mt-2 grid gap-4 sm:grid-cols-2">
        <TextField label="Numéro de lot" {...bind("lot")} maxLength={40} />
        <TextField label="Quantité du lot" {...bind("quantity")} inputMode="numeric" />
        <TextField label="Date de fabrication" {...bind("made_on")} type="date" />
        <TextField label="Fin de séchage" {...bind("dried_on")} type="date" />
        <TextField
          label="Date de péremption"
          {...bind("expires_on")}
          type="date"
          hint="Ou une PAO ci-contre"
        />
        <TextField label="PAO (mois)" {...bind("pao_months")} inputMode="numeric" />
        <TextField label="Version INCI" {...bind("inci_version")} maxLength={60} />
        <button type="submit" className="btn btn-secondary sm:mt-7" disabled={saving}>
          {saving ? "Enregistrement..." : "Enregistrer le lot"}
        </button>
      </form>
      <SaveOutcome error={error} notice={notice} />
    </section>
  );
}

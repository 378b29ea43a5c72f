import { type FormEvent, useState } from "react";
import { formatDateTime } from "../../domain/admin-format";
import { type Batch, RECALL_RISK_MAX, RECALL_RISK_MIN, type RecallEntry } from "../../domain/batches";
import { errorMessage, fieldErrors } from "../../lib/api-client";
import { Notice, TextField } from "../ui/fields";
import { createBatch, fetchBatches, fetchRecall, sendRecall } from "./admin-api";
import { useAccessGuard, useLoad } from "./hooks";
import { LoadError, Loading, TextAreaField } from "./ui";

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
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const [risk, setRisk] = useState("");
  const [riskError, setRiskError] = useState<string | undefined>();
  const guard = useAccessGuard();

  async function onSend() {
    if (sending) return;
    setError(null);
    setNotice("");
    // The mail must say what the danger is (Regulation (EU) 2023/988 art. 36(2)); the server checks it too.
    if (risk.trim().length < RECALL_RISK_MIN) {
      setRiskError("Décrivez le risque en une phrase au moins : il figure dans l'e-mail de rappel.");
      return;
    }
    setRiskError(undefined);
    setSending(true);
    try {
      const result = await sendRecall(productId, lot, risk.trim());
      update(() => ({ entries: result.entries }));
      setNotice(`${result.sent} e-mail(s) de rappel envoyé(s).`);
    } catch (failure) {
      if (guard(failure)) return;
      setRiskError(fieldErrors(failure).risk);
      setError(errorMessage(failure, "Une erreur est survenue"));
    } finally {
      setSending(false);
    }
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
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Commandes du lot {lot}</caption>
            <thead className="text-ink-soft">
              <tr>
                {["Commande", "Date", "Client", "Quantité", "Rappel"].map((name) => (
                  <th key={name} scope="col" className="px-2 py-1 font-semibold">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-cream-200">
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
            </tbody>
          </table>
        </div>
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
            error={riskError}
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
      {error && <Notice kind="error">{error}</Notice>}
      <p role="status" className={notice ? "mt-3 text-sm font-medium text-olive-800" : "sr-only"}>
        {notice}
      </p>
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
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [notice, setNotice] = useState("");
  const [recalled, setRecalled] = useState<string | null>(null);
  const guard = useAccessGuard();
  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setForm((current) => ({ ...current, [name]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const quantity = Number(form.quantity);
    const pao = form.pao_months.trim() ? Number(form.pao_months) : null;
    setSaving(true);
    setError(null);
    setFields({});
    setNotice("");
    try {
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
    } catch (failure) {
      if (guard(failure)) return;
      setFields(fieldErrors(failure));
      setError(errorMessage(failure, "Une erreur est survenue"));
    } finally {
      setSaving(false);
    }
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
        <div className="mt-2 overflow-x-auto rounded-xl border border-cream-300">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Lots du produit</caption>
            <thead className="bg-cream-100 text-ink-soft">
              <tr>
                {["Lot", "Fabrication", "Fin de séchage", "Durabilité", "INCI", "Restant", "Rappel"].map(
                  (name) => (
                    <th key={name} scope="col" className="px-3 py-2 font-semibold">
                      {name}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-cream-200">
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
            </tbody>
          </table>
        </div>
      )}
      {recalled && <RecallView key={recalled} productId={productId} lot={recalled} />}

      <h4 className="mt-6 font-semibold text-ink">Enregistrer un lot</h4>
      <form onSubmit={onSubmit} className="mt-2 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Numéro de lot"
          name="lot"
          maxLength={40}
          value={form.lot}
          onValue={set("lot")}
          error={fields.lot}
        />
        <TextField
          label="Quantité du lot"
          name="quantity"
          inputMode="numeric"
          value={form.quantity}
          onValue={set("quantity")}
          error={fields.quantity}
        />
        <TextField
          label="Date de fabrication"
          name="made_on"
          type="date"
          value={form.made_on}
          onValue={set("made_on")}
          error={fields.made_on}
        />
        <TextField
          label="Fin de séchage"
          name="dried_on"
          type="date"
          value={form.dried_on}
          onValue={set("dried_on")}
          error={fields.dried_on}
        />
        <TextField
          label="Date de péremption"
          name="expires_on"
          type="date"
          hint="Ou une PAO ci-contre"
          value={form.expires_on}
          onValue={set("expires_on")}
          error={fields.expires_on}
        />
        <TextField
          label="PAO (mois)"
          name="pao_months"
          inputMode="numeric"
          value={form.pao_months}
          onValue={set("pao_months")}
          error={fields.pao_months}
        />
        <TextField
          label="Version INCI"
          name="inci_version"
          maxLength={60}
          value={form.inci_version}
          onValue={set("inci_version")}
          error={fields.inci_version}
        />
        <button type="submit" className="btn btn-secondary sm:mt-7" disabled={saving}>
          {saving ? "Enregistrement..." : "Enregistrer le lot"}
        </button>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      <p role="status" className={notice ? "mt-3 text-sm font-medium text-olive-800" : "sr-only"}>
        {notice}
      </p>
    </section>
  );
}

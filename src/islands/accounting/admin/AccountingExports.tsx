import { useState } from "react";
import { defaultExportPeriod } from "../../../domain/accounting/accounting-period";
import { apiDownload } from "../../../lib/api/files";
import { ApiError, fieldErrors, saveFile } from "../../../lib/api-client";
import { useAccessGuard } from "../../ui/admin/hooks";
import { Notice, TextField } from "../../ui/fields";

type ExportKind = "fec" | "e-reporting";

const LABELS: Record<ExportKind, string> = {
  fec: "Télécharger le FEC",
  "e-reporting": "Télécharger l'e-reporting (CSV)",
};

/**
 * « Exports comptables » on the dashboard (decision record 016): the FEC (LPF A47 A-1) and the
 * e-reporting daily totals of a period, downloaded as files; the server's French messages shown beside the dates.
 */
export function AccountingExports() {
  const [period, setPeriod] = useState(() => defaultExportPeriod(new Date()));
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [done, setDone] = useState("");
  const guard = useAccessGuard();

  async function download(kind: ExportKind) {
    setBusy(kind);
    setError(null);
    setDone("");
    try {
      const { blob, fileName } = await apiDownload(
        kind === "fec" ? "/api/admin/exports/fec" : "/api/admin/exports/e-reporting",
        `${kind}.txt`,
        { query: period },
      );
      saveFile(blob, fileName);
      setDone(`Fichier ${fileName} prêt : le téléchargement a commencé.`);
    } catch (failure) {
      if (guard(failure)) return;
      setError({
        message:
          failure instanceof ApiError && failure.status > 0
            ? failure.message
            : "Le téléchargement a échoué. Vérifiez la connexion et réessayez.",
        fields: { ...fieldErrors(failure) },
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="accounting-exports-title" className="mt-8">
      <h3 id="accounting-exports-title" className="font-serif text-xl font-semibold text-olive-900">
        Exports comptables
      </h3>
      <div className="mt-3 rounded-2xl border border-cream-300 bg-white p-5 shadow-sm">
        <p className="text-sm text-ink-soft">
          Le fichier des écritures comptables (FEC) des factures et avoirs de la période, pour votre comptable
          ou un contrôle fiscal, et les totaux journaliers des ventes par régime de TVA (e-reporting). Un an
          au plus.
        </p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField
            label="Du"
            type="date"
            value={period.from}
            onValue={(from) => setPeriod((current) => ({ ...current, from }))}
            error={error?.fields.from}
            required
          />
          <TextField
            label="Au (inclus)"
            type="date"
            value={period.to}
            onValue={(to) => setPeriod((current) => ({ ...current, to }))}
            error={error?.fields.to}
            required
          />
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          {(Object.keys(LABELS) as ExportKind[]).map((kind) => (
            <button
              key={kind}
              type="button"
              className="btn btn-secondary"
              onClick={() => void download(kind)}
              disabled={busy !== null}
              aria-busy={busy === kind}
            >
              {busy === kind ? "Préparation..." : LABELS[kind]}
            </button>
          ))}
        </div>
        <div className="mt-3">
          {error && Object.keys(error.fields).length === 0 && <Notice kind="error">{error.message}</Notice>}
          {done && <Notice kind="success">{done}</Notice>}
        </div>
      </div>
    </section>
  );
}

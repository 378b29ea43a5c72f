import { type FormEvent, useRef, useState } from "react";
import { deleteAccount, downloadPersonalData } from "../../lib/account-client";
import { errorMessage, saveFile } from "../../lib/api-client";
import { handleUnauthenticated, setSignedOut } from "../../stores/session";
import { Notice, PasswordField } from "../ui/fields";
import { Card } from "./Card";
import { useAccountForm } from "./use-account-form";

/**
 * « Mes données » (GDPR self-service): download everything the shop holds on the account (a zip with the
 * data as JSON and the invoices as PDF), or delete the account after confirming with the password. Invoices and
 * credit notes are kept 10 years, as the law requires; the rest is erased.
 */
export function PersonalDataPanel({ onDeleted }: { onDeleted: (message: string) => void }) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const { busy, error, fields, setError, setFields, clear, run } = useAccountForm();
  const deleteButton = useRef<HTMLButtonElement>(null);

  async function download() {
    if (downloading) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      const { blob, fileName } = await downloadPersonalData();
      saveFile(blob, fileName);
    } catch (failure) {
      if (handleUnauthenticated(failure)) return;
      setDownloadError(
        errorMessage(failure, "Le téléchargement de vos données a échoué. Veuillez réessayer."),
      );
    } finally {
      setDownloading(false);
    }
  }

  function cancel() {
    setConfirming(false);
    setPassword("");
    clear();
    // Back to the button that opened the confirmation.
    window.setTimeout(() => deleteButton.current?.focus(), 0);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFields({});
    if (!password) {
      setError("Saisissez votre mot de passe pour confirmer.");
      return;
    }
    await run(async () => {
      const { message } = await deleteAccount(password);
      setSignedOut();
      onDeleted(message);
    }, "La suppression du compte a échoué. Veuillez réessayer.");
  }

  return (
    <Card title="Mes données">
      <div className="space-y-6">
        <div>
          <p className="text-ink-soft">
            Téléchargez tout ce que nous conservons sur votre compte : vos informations, vos adresses, vos
            commandes et vos demandes de rétractation (fichier JSON), ainsi que vos factures et avoirs (PDF),
            dans une archive zip.
          </p>
          <button
            type="button"
            className="btn btn-secondary mt-3 px-5"
            onClick={download}
            disabled={downloading}
            aria-busy={downloading}
          >
            {downloading ? "Préparation de l'archive..." : "Télécharger mes données"}
          </button>
          {downloadError && (
            <div className="mt-3">
              <Notice kind="error">{downloadError}</Notice>
            </div>
          )}
        </div>

        <div className="border-t border-cream-200 pt-6">
          <h3 className="font-serif text-lg font-semibold text-olive-900">Supprimer mon compte</h3>
          <p className="mt-2 text-ink-soft">
            Votre compte, vos adresses et vos informations personnelles seront effacés définitivement et vous
            serez déconnecté. Vos factures et avoirs sont conservés 10 ans, comme la loi l'exige ; vos
            commandes n'y sont plus rattachées à votre nom. Ce n'est pas possible tant qu'une commande est en
            cours.
          </p>
          {confirming ? (
            <form onSubmit={onSubmit} noValidate className="mt-4 max-w-md space-y-4">
              <PasswordField
                label="Mot de passe"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onValue={setPassword}
                error={fields.password}
              />
              {error && <Notice kind="error">{error}</Notice>}
              <div className="flex flex-wrap gap-3">
                <button
                  type="submit"
                  className="btn px-6 bg-alert text-white hover:bg-red-800"
                  disabled={busy}
                  aria-busy={busy}
                >
                  {busy ? "Suppression..." : "Supprimer définitivement mon compte"}
                </button>
                <button type="button" className="btn btn-secondary px-6" onClick={cancel}>
                  Annuler
                </button>
              </div>
            </form>
          ) : (
            <button
              ref={deleteButton}
              type="button"
              className="btn btn-secondary mt-3 px-5"
              onClick={() => setConfirming(true)}
            >
              Supprimer mon compte
            </button>
          )}
        </div>
      </div>
    </Card>
  );
}

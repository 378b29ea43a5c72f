import { type FormEvent, useEffect, useRef, useState } from "react";
import { GUEST_DATA_LINK_HOURS, guestDataTokenFromHash } from "../../domain/personal-data/guest-data";
import { ApiError, errorMessage, fieldErrors, saveFile } from "../../lib/api-client";
import { downloadGuestData, eraseGuestData, requestGuestDataLink } from "../../lib/guest-data-client";
import { Notice, TextField } from "../ui/fields";

/**
 * /mes-donnees: a guest's personal data, for orders placed without an account (GDPR art. 15, 17, 20).
 * Without a token: an e-mail form that mails a link. With the link's token (`#jeton=`, read in the browser, never sent
 * in a URL): download the data as a zip, or erase it after a confirmation saying what the law keeps.
 */
export default function GuestData() {
  /** undefined until the fragment is read; null without a (well-formed) token. */
  const [token, setToken] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    const read = () => setToken(guestDataTokenFromHash(window.location.hash));
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);

  /** Back to the e-mail form: the link's token leaves the address bar. */
  function askAgain() {
    window.history.replaceState(null, "", window.location.pathname);
    setToken(null);
  }

  if (token === undefined) return <p className="py-6 text-ink-soft">Chargement...</p>;
  if (token === null) return <RequestLink />;
  return <LinkActions token={token} onAskAgain={askAgain} />;
}

function RequestLink() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setFields({});
    setSent(null);
    if (!email.trim()) {
      setFields({ email: "L'adresse e-mail est obligatoire." });
      return;
    }
    setBusy(true);
    try {
      setSent(await requestGuestDataLink(email));
    } catch (failure) {
      const byField = fieldErrors(failure);
      if (byField.email) setFields(byField);
      else setError(errorMessage(failure, "La demande n'a pas pu être envoyée. Veuillez réessayer."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <div className="space-y-3 text-ink-soft">
        <p>
          Cette page est destinée aux personnes qui ont commandé <strong>sans compte</strong>. Indiquez
          l'adresse e-mail utilisée pour vos commandes : nous vous envoyons un lien, valable{" "}
          {GUEST_DATA_LINK_HOURS} heures, pour télécharger ou effacer les données de ces commandes.
        </p>
        <p>
          Vous avez un compte client ? Vos données se téléchargent et s'effacent depuis{" "}
          <a
            href="/profile"
            className="rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
          >
            votre profil
          </a>{" "}
          (rubrique « Mes données »).
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Adresse e-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onValue={setEmail}
          error={fields.email}
        />
        {error && <Notice kind="error">{error}</Notice>}
        {sent && <Notice kind="success">{sent}</Notice>}
        <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
          {busy ? "Envoi..." : "Recevoir un lien"}
        </button>
      </form>
    </div>
  );
}

type Outcome = { kind: "success" | "error"; message: string } | null;

function LinkActions({ token, onAskAgain }: { token: string; onAskAgain: () => void }) {
  const [downloading, setDownloading] = useState(false);
  const [download, setDownload] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [erasure, setErasure] = useState<Outcome>(null);
  /** The link no longer works (expired, or used to erase): only a new one helps. */
  const [spent, setSpent] = useState(false);
  const eraseButton = useRef<HTMLButtonElement>(null);
  const confirmation = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (confirming) confirmation.current?.focus();
  }, [confirming]);

  /** A refusal of the link itself (404): the page offers a new link instead of the actions. */
  const linkRefused = (failure: unknown) => failure instanceof ApiError && failure.status === 404;

  async function onDownload() {
    if (downloading) return;
    setDownloading(true);
    setDownload(null);
    try {
      const { blob, fileName } = await downloadGuestData(token);
      saveFile(blob, fileName);
      setDownload({ kind: "success", message: `Votre archive « ${fileName} » a été téléchargée.` });
    } catch (failure) {
      if (linkRefused(failure)) setSpent(true);
      setDownload({
        kind: "error",
        message: errorMessage(failure, "Le téléchargement de vos données a échoué. Veuillez réessayer."),
      });
    } finally {
      setDownloading(false);
    }
  }

  function cancel() {
    setConfirming(false);
    setErasure(null);
    // Back to the button that opened the confirmation.
    window.setTimeout(() => eraseButton.current?.focus(), 0);
  }

  async function onErase() {
    if (erasing) return;
    setErasing(true);
    setErasure(null);
    try {
      const { erased } = await eraseGuestData(token);
      setConfirming(false);
      setSpent(true);
      setErasure({
        kind: "success",
        message:
          erased > 0
            ? `Vos données ont été effacées : ${erased} commande${erased > 1 ? "s ne portent" : " ne porte"} plus ni votre nom, ni votre adresse, ni votre e-mail. Ce lien ne fonctionne plus.`
            : "Il n'y avait plus de commande à votre nom : rien d'autre n'est conservé. Ce lien ne fonctionne plus.",
      });
      window.history.replaceState(null, "", window.location.pathname);
    } catch (failure) {
      if (linkRefused(failure)) {
        setConfirming(false);
        setSpent(true);
      }
      setErasure({
        kind: "error",
        message: errorMessage(failure, "L'effacement de vos données a échoué. Veuillez réessayer."),
      });
    } finally {
      setErasing(false);
    }
  }

  if (spent) {
    const outcome = erasure ?? download;
    return (
      <div className="space-y-6">
        {outcome && <Notice kind={outcome.kind}>{outcome.message}</Notice>}
        <button type="button" className="btn btn-secondary px-5" onClick={onAskAgain}>
          Demander un nouveau lien
        </button>
      </div>
    );
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="guest-data-download" className="space-y-3">
        <h2 id="guest-data-download" className="font-serif text-xl font-semibold text-olive-900">
          Télécharger mes données
        </h2>
        <p className="text-ink-soft">
          Une archive zip avec vos commandes passées sans compte, leur suivi et leurs remboursements, vos
          demandes de rétractation et d'alerte de retour en stock (fichier JSON), ainsi que vos factures et
          avoirs (PDF).
        </p>
        <button
          type="button"
          className="btn btn-primary px-5"
          onClick={onDownload}
          disabled={downloading}
          aria-busy={downloading}
        >
          {downloading ? "Préparation de l'archive..." : "Télécharger mes données"}
        </button>
        {download && <Notice kind={download.kind}>{download.message}</Notice>}
      </section>

      <section aria-labelledby="guest-data-erase" className="space-y-3 border-t border-cream-200 pt-6">
        <h2 id="guest-data-erase" className="font-serif text-xl font-semibold text-olive-900">
          Effacer mes données
        </h2>
        <p className="text-ink-soft">
          Votre nom, votre adresse de livraison, votre e-mail et votre téléphone sont retirés de vos
          commandes. Ce n'est pas possible tant qu'une commande est en cours ou qu'un remboursement vous est
          dû.
        </p>
        {confirming ? (
          <div className="space-y-3 rounded-xl border border-alert/30 bg-red-50 p-4">
            <h3 ref={confirmation} tabIndex={-1} className="font-semibold text-ink">
              Confirmer l'effacement
            </h3>
            <p className="text-ink">Seront effacés définitivement :</p>
            <ul className="list-disc space-y-1 pl-6 text-ink">
              <li>
                sur vos commandes : votre nom, votre e-mail, votre adresse et votre téléphone, vos notes, le
                nom du virement et le point relais choisi ;
              </li>
              <li>vos liens de suivi de commande, qui cesseront de fonctionner ;</li>
              <li>vos demandes d'alerte de retour en stock.</li>
            </ul>
            <p className="text-ink">
              Seront conservés, comme la loi l'exige, pendant 10 ans : vos factures et avoirs tels qu'ils ont
              été émis (ils portent le nom et l'adresse de facturation), et, pour la comptabilité, les
              montants, les articles, les dates et les paiements de vos commandes, qui ne sont plus rattachés
              à votre nom. Vos demandes de rétractation sont gardées telles qu'elles ont été reçues, comme
              preuve.
            </p>
            <p className="text-ink">
              Téléchargez vos données avant, si vous souhaitez les garder : ce lien ne fonctionnera plus
              ensuite.
            </p>
            {erasure?.kind === "error" && <Notice kind="error">{erasure.message}</Notice>}
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                className="btn px-6 bg-alert text-white hover:bg-red-800"
                onClick={onErase}
                disabled={erasing}
                aria-busy={erasing}
              >
                {erasing ? "Effacement..." : "Effacer définitivement mes données"}
              </button>
              <button type="button" className="btn btn-secondary px-6" onClick={cancel} disabled={erasing}>
                Annuler
              </button>
            </div>
          </div>
        ) : (
          <>
            <button
              ref={eraseButton}
              type="button"
              className="btn btn-secondary px-5"
              onClick={() => {
                setErasure(null);
                setConfirming(true);
              }}
            >
              Effacer mes données
            </button>
            {erasure?.kind === "error" && <Notice kind="error">{erasure.message}</Notice>}
          </>
        )}
      </section>
    </div>
  );
}

import { type FormEvent, useEffect, useState } from "react";
import { passwordMessages, passwordResetError } from "../../domain/accounts/account-forms";
import { resetPassword } from "../../lib/account-client";
import { errorMessage } from "../../lib/api-client";
import { Notice, PasswordField } from "../ui/fields";

/** After success the customer is sent home after 5 s (spec 4, 9). */
const REDIRECT_MS = 5000;

type Outcome = { kind: "success" } | { kind: "error"; message: string } | null;

/**
 * /reset-password?token=...: the link of the reset mail. Two password fields with show/hide; the outcome is
 * followed by a link home. The token is read in the browser, the page itself is static.
 */
export default function ResetPassword() {
  /** undefined until the query string is read; null when the link carries no token. */
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    setToken(new URLSearchParams(window.location.search).get("token") || null);
  }, []);

  useEffect(() => {
    if (outcome?.kind !== "success") return;
    const timer = window.setTimeout(() => window.location.assign("/"), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const invalid = passwordResetError({ token: token ?? null, newPassword: password, confirmation });
    if (invalid) {
      setOutcome({ kind: "error", message: invalid });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      await resetPassword(token ?? "", password);
      setPassword("");
      setConfirmation("");
      setOutcome({ kind: "success" });
    } catch (error) {
      setOutcome({ kind: "error", message: errorMessage(error, passwordMessages.resetFailed) });
    } finally {
      setBusy(false);
    }
  }

  if (token === undefined) {
    return <p className="py-6 text-ink-soft">Chargement...</p>;
  }
  if (token === null) {
    return (
      <div className="space-y-6">
        <Notice kind="error">{passwordMessages.resetLinkInvalid}</Notice>
        <HomeLink />
      </div>
    );
  }
  if (outcome?.kind === "success") {
    return (
      <div className="space-y-6">
        <Notice kind="success">{passwordMessages.resetSuccess}</Notice>
        <p className="text-sm text-ink-soft">
          Vous allez être redirigé vers l'accueil dans quelques secondes.
        </p>
        <HomeLink />
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordField
        label="Nouveau mot de passe"
        name="newPassword"
        autoComplete="new-password"
        required
        value={password}
        onValue={setPassword}
        hint="Au moins 6 caractères."
      />
      <PasswordField
        label="Confirmer le mot de passe"
        name="confirmation"
        autoComplete="new-password"
        required
        value={confirmation}
        onValue={setConfirmation}
      />
      {outcome?.kind === "error" && <Notice kind="error">{outcome.message}</Notice>}
      <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
        {busy ? "Réinitialisation..." : "Réinitialiser le mot de passe"}
      </button>
      {outcome?.kind === "error" && <HomeLink />}
    </form>
  );
}

function HomeLink() {
  return (
    <p className="text-center">
      <a
        href="/"
        className="rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
      >
        Retour à l'accueil
      </a>
    </p>
  );
}

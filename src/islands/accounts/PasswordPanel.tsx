import { type FormEvent, useEffect, useState } from "react";
import { passwordChangeError, passwordMessages } from "../../domain/accounts/account-forms";
import { changePassword } from "../../lib/account-client";
import { fieldBinder, Notice, PasswordField } from "../ui/fields";
import { Card } from "./Card";
import { useAccountForm } from "./use-account-form";

/** The success message disappears after 5 s (spec 4, 9). */
const SUCCESS_VISIBLE_MS = 5000;

const empty = { currentPassword: "", newPassword: "", confirmation: "" };

/** Password change panel of the profile (spec 5 messages, checked before the call). */
export function PasswordPanel() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(empty);
  const { busy, error, fields, setError, setFields, clear, run } = useAccountForm();
  const [success, setSuccess] = useState(false);

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(false), SUCCESS_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  function close() {
    setOpen(false);
    setValues(empty);
    clear();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFields({});
    const invalid = passwordChangeError(values);
    setError(invalid);
    if (invalid) return;
    await run(async () => {
      await changePassword(values.currentPassword, values.newPassword);
      close();
      setSuccess(true);
    }, passwordMessages.changeFailed);
  }

  const bind = fieldBinder(values, setValues, fields);

  return (
    <Card
      title="Mot de passe"
      action={
        !open && (
          <button
            type="button"
            className="btn btn-secondary px-5"
            onClick={() => {
              setSuccess(false);
              setOpen(true);
            }}
          >
            Changer le mot de passe
          </button>
        )
      }
    >
      {open ? (
        <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
          <PasswordField
            label="Mot de passe actuel"
            {...bind("currentPassword")}
            autoComplete="current-password"
            required
          />
          <PasswordField
            label="Nouveau mot de passe"
            {...bind("newPassword")}
            autoComplete="new-password"
            required
          />
          <PasswordField
            label="Confirmer le nouveau mot de passe"
            {...bind("confirmation")}
            autoComplete="new-password"
            required
          />
          {error && <Notice kind="error">{error}</Notice>}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn btn-primary px-6" disabled={busy} aria-busy={busy}>
              {busy ? "Modification..." : "Modifier le mot de passe"}
            </button>
            <button type="button" className="btn btn-secondary px-6" onClick={close}>
              Annuler
            </button>
          </div>
        </form>
      ) : success ? (
        <Notice kind="success">{passwordMessages.changeSuccess}</Notice>
      ) : (
        <p className="text-ink-soft">Choisissez un mot de passe d'au moins 6 caractères.</p>
      )}
    </Card>
  );
}

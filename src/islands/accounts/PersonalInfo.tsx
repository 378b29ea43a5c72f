import { type FormEvent, useState } from "react";
import type { SessionUser } from "../../domain/accounts/account";
import { displayPhone, phoneToInput } from "../../domain/accounts/phone";
import { saveProfile } from "../../lib/account-client";
import { updateSessionUser } from "../../stores/session";
import { inputClass, Notice, PhoneField, TextField } from "../ui/fields";
import { Card } from "./Card";
import { useAccountForm } from "./use-account-form";

interface Props {
  profile: SessionUser;
  onSaved: (profile: SessionUser) => void;
}

/** E-mail, full name and phone; the name and the phone can be edited, the e-mail cannot (spec 2). */
export function PersonalInfo({ profile, onSaved }: Props) {
  const [editing, setEditing] = useState(false);
  const [fullName, setFullName] = useState("");
  const [phone, setPhone] = useState("");
  const { busy, error, fields, clear, run } = useAccountForm();
  const [saved, setSaved] = useState(false);

  function startEditing() {
    setFullName(profile.full_name);
    setPhone(profile.phone ? phoneToInput(profile.phone) : "");
    clear();
    setSaved(false);
    setEditing(true);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    await run(async () => {
      const updated = await saveProfile({ full_name: fullName.trim(), phone: phone.trim() });
      updateSessionUser(updated);
      onSaved(updated);
      setEditing(false);
      setSaved(true);
    }, "Une erreur est survenue");
  }

  return (
    <Card
      title="Informations personnelles"
      action={
        !editing && (
          <button type="button" className="btn btn-secondary px-5" onClick={startEditing}>
            Modifier<span className="sr-only"> mes informations</span>
          </button>
        )
      }
    >
      {editing ? (
        <form onSubmit={onSubmit} className="space-y-4">
          <div>
            <label htmlFor="profile-email" className="mb-1 block text-sm font-semibold text-ink">
              Adresse e-mail
            </label>
            <input
              id="profile-email"
              type="email"
              value={profile.email}
              disabled
              aria-describedby="profile-email-hint"
              className={inputClass}
            />
            <p id="profile-email-hint" className="mt-1 text-sm text-ink-soft">
              L'adresse e-mail ne peut pas être modifiée.
            </p>
          </div>
          <TextField
            label="Nom complet"
            name="full_name"
            autoComplete="name"
            maxLength={120}
            value={fullName}
            onValue={setFullName}
            error={fields.full_name}
          />
          <PhoneField label="Téléphone" name="phone" value={phone} onValue={setPhone} error={fields.phone} />
          {error && <Notice kind="error">{error}</Notice>}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn btn-primary px-6" disabled={busy} aria-busy={busy}>
              {busy ? "Enregistrement..." : "Enregistrer"}
            </button>
            <button type="button" className="btn btn-secondary px-6" onClick={() => setEditing(false)}>
              Annuler
            </button>
          </div>
        </form>
      ) : (
        <>
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[10rem_1fr]">
            <dt className="font-semibold text-ink-soft">E-mail</dt>
            <dd className="break-all text-ink">{profile.email}</dd>
            <dt className="font-semibold text-ink-soft">Nom complet</dt>
            <dd className="text-ink">{profile.full_name || <Missing />}</dd>
            <dt className="font-semibold text-ink-soft">Téléphone</dt>
            <dd className="text-ink">{profile.phone ? displayPhone(profile.phone) : <Missing />}</dd>
          </dl>
          {saved && (
            <div className="mt-4">
              <Notice kind="success">Vos informations ont été mises à jour.</Notice>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

function Missing() {
  return <span className="text-ink-soft italic">Non renseigné</span>;
}

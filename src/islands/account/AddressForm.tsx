import { type FormEvent, useState } from "preact/compat";
import type { AddressFormValues } from "../../domain/accounts/address-forms";
import { ADDRESS_COUNTRIES, DEFAULT_COUNTRY, isAddressCountry } from "../../domain/accounts/countries";
import { fieldBinder, inputClass, Notice, PhoneField, TextField } from "../ui/fields";
import { useId } from "../ui/use-id";

interface Props {
  title: string;
  initial: AddressFormValues;
  submitLabel: string;
  /** Sends the form; the book shows `error` and `fields` when it fails. */
  onSubmit: (values: AddressFormValues) => Promise<void>;
  onCancel: () => void;
  error: string | null;
  fields: Readonly<Record<string, string>>;
  /** Checkout: only France can be chosen; the other countries show 'Bientôt' and are disabled (spec 2). */
  franceOnly?: boolean;
}

/** Add or edit an address (spec 5: line 2 optional, the rest required; phone in pairs after +33). */
export function AddressForm({
  title,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  error,
  fields,
  franceOnly = false,
}: Props) {
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const countryId = useId();
  const bind = fieldBinder(values, setValues, fields);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onSubmit(values);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby={titleId}
      className="rounded-xl border border-olive-200 bg-olive-50/50 p-4 sm:p-6"
    >
      <h3 id={titleId} className="font-serif text-xl font-semibold text-olive-900">
        {title}
      </h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField label="Prénom" {...bind("first_name")} autoComplete="given-name" required maxLength={80} />
        <TextField label="Nom" {...bind("last_name")} autoComplete="family-name" required maxLength={80} />
        <div className="sm:col-span-2">
          <PhoneField label="Téléphone" {...bind("phone")} required />
        </div>
        <div className="sm:col-span-2">
          <TextField
            label="Adresse"
            {...bind("address_line1")}
            autoComplete="address-line1"
            required
            maxLength={200}
          />
        </div>
        <div className="sm:col-span-2">
          <TextField
            label="Complément d'adresse (facultatif)"
            {...bind("address_line2")}
            autoComplete="address-line2"
            maxLength={200}
          />
        </div>
        <TextField
          label="Code postal"
          {...bind("postal_code")}
          autoComplete="postal-code"
          required
          maxLength={10}
        />
        <TextField label="Ville" {...bind("city")} autoComplete="address-level2" required maxLength={100} />
        <div className="sm:col-span-2">
          <label htmlFor={countryId} className="mb-1 block text-sm font-semibold text-ink">
            Pays
          </label>
          <select
            id={countryId}
            name="country"
            autoComplete="country-name"
            value={values.country}
            onChange={(event) => {
              if (isAddressCountry(event.currentTarget.value))
                setValues({ ...values, country: event.currentTarget.value });
            }}
            aria-invalid={fields.country ? true : undefined}
            className={inputClass}
          >
            {ADDRESS_COUNTRIES.map((country) => {
              const soon = franceOnly && country !== DEFAULT_COUNTRY;
              return (
                <option key={country} value={country} disabled={soon}>
                  {soon ? `${country} (Bientôt)` : country}
                </option>
              );
            })}
          </select>
          {fields.country && <p className="mt-1 text-sm font-medium text-alert">{fields.country}</p>}
        </div>
      </div>
      {error && (
        <div className="mt-4">
          <Notice kind="error">{error}</Notice>
        </div>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary px-6" disabled={busy} aria-busy={busy}>
          {busy ? "Enregistrement..." : submitLabel}
        </button>
        <button type="button" className="btn btn-secondary px-6" onClick={onCancel}>
          Annuler
        </button>
      </div>
    </form>
  );
}

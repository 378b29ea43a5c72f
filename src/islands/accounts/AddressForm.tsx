import { type FormEvent, useId, useState } from "react";
import type { AddressFormValues } from "../../domain/accounts/address-forms";
import { AddressFields } from "../ui/AddressFields";
import { fieldBinder, Notice } from "../ui/fields";

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
        <AddressFields
          field={bind}
          country={values.country}
          onCountry={(country) => setValues({ ...values, country })}
          countryError={fields.country}
          franceOnly={franceOnly}
        />
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

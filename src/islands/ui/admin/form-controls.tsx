import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";
import { controlProps, FieldFrame, inputClass, Notice } from "../fields";

/**
 * The admin panel's form controls, beside the shared ones of ui/fields: a text area, a select and a checkbox with
 * their label and hint, the inputs of amounts and whole numbers, a form's last row and what it says after saving.
 */

/** The input of an amount to the hundredth, never negative: euros to the cent (a price), a percentage (a discount). */
export const amountInput = { type: "number", inputMode: "decimal", min: 0, step: 0.01 } as const;
/** The input of a whole number (units in stock, months, uses), never negative unless the field says its own min. */
export const wholeNumberInput = { type: "number", inputMode: "numeric", min: 0, step: 1 } as const;

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export function TextAreaField({
  label,
  error,
  hint,
  value,
  onValue,
  ...textarea
}: FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className" | "value" | "onChange"> & {
    value: string;
    onValue: (value: string) => void;
  }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea
        rows={3}
        {...textarea}
        {...controlProps(id, { value, onValue, error, hint })}
        className={inputClass}
      />
    </FieldFrame>
  );
}

export function SelectField<T extends string>({
  label,
  error,
  hint,
  value,
  onValue,
  options,
  ...select
}: FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className" | "value" | "onChange"> & {
    value: T;
    onValue: (value: T) => void;
    options: ReadonlyArray<{ value: T; label: string }>;
  }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        {...select}
        {...controlProps(id, { value, onValue: (chosen) => onValue(chosen as T), error, hint })}
        className={inputClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({
  label,
  checked,
  onChecked,
  hint,
}: {
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChecked(event.currentTarget.checked)}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="size-5 shrink-0 rounded border-cream-300 accent-olive-700"
        />
        <label htmlFor={id} className="font-semibold text-ink">
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 ml-8 text-sm text-ink-soft">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * What a panel's form says after its action (lots, a lot's recall, stock): the failure, or the word of success in a
 * status region that is always in the page, so that screen readers hear each new word.
 */
export function SaveOutcome({ error, notice }: { error: string | null; notice: string }) {
  return (
    <>
      {error && <Notice kind="error">{error}</Notice>}
      <p role="status" className={notice ? "mt-3 text-sm font-medium text-olive-800" : "sr-only"}>
        {notice}
      </p>
    </>
  );
}

/** A create-or-edit dialog's last row: « Annuler », and « Créer » or « Modifier » (« Enregistrement... » meanwhile). */
export function SaveRow({
  saving,
  editing,
  onCancel,
}: {
  saving: boolean;
  editing: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3 border-t border-cream-300 pt-5">
      <button type="button" className="btn btn-secondary" onClick={onCancel}>
        Annuler
      </button>
      <button type="submit" className="btn btn-primary px-6" disabled={saving}>
        {saving ? "Enregistrement..." : editing ? "Modifier" : "Créer"}
      </button>
    </div>
  );
}

import { CheckboxField, SelectField, TextAreaField } from "../../ui/admin/form-controls";
import { PasswordField, TextField } from "../../ui/fields";

/** One input of a card's form, declared with its card (*-cards.tsx); `FieldControl` draws it with the shared fields. */
export interface FieldSpec<V, F> {
  name: keyof F & string;
  label: string;
  kind?: "text" | "number" | "email" | "url" | "tel" | "password" | "textarea" | "checkbox" | "select";
  /** The hint under the field; from the stored value when it depends on it (a secret kept or not). */
  hint?: string | ((value: V) => string);
  input?: {
    maxLength?: number;
    min?: number;
    max?: number;
    step?: number;
    rows?: number;
    required?: boolean;
    spellCheck?: boolean;
    autoComplete?: string;
    placeholder?: string;
    inputMode?: "numeric" | "decimal" | "url";
  };
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Shown only when this holds for the form as typed (the VAT rate under « TVA incluse »). */
  when?: (form: F) => boolean;
}

/** One declared input, drawn with the shop's field components (labels, hints and errors wired for screen readers). */
export function FieldControl<V, F>({
  decl,
  stored,
  form,
  error,
  onValue,
}: {
  decl: FieldSpec<V, F>;
  stored: V;
  form: F;
  error: string | undefined;
  onValue: (value: string | boolean) => void;
}) {
  const hint = typeof decl.hint === "function" ? decl.hint(stored) : decl.hint;
  const current = form[decl.name];
  const { rows, ...input } = decl.input ?? {};
  switch (decl.kind) {
    case "checkbox":
      return <CheckboxField label={decl.label} hint={hint} checked={Boolean(current)} onChecked={onValue} />;
    case "select":
      return (
        <SelectField
          label={decl.label}
          hint={hint}
          error={error}
          value={String(current)}
          onValue={onValue}
          options={decl.options ?? []}
        />
      );
    case "textarea":
      return (
        <TextAreaField
          label={decl.label}
          hint={hint}
          error={error}
          rows={rows}
          maxLength={input.maxLength}
          value={String(current ?? "")}
          onValue={onValue}
        />
      );
    case "password":
      return (
        <PasswordField
          label={decl.label}
          hint={hint}
          error={error}
          {...input}
          value={String(current ?? "")}
          onValue={onValue}
        />
      );
    default:
      return (
        <TextField
          label={decl.label}
          hint={hint}
          error={error}
          type={decl.kind ?? "text"}
          {...input}
          value={String(current ?? "")}
          onValue={onValue}
        />
      );
  }
}

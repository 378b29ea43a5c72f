import {
  type ChangeEvent,
  type Dispatch,
  type InputHTMLAttributes,
  type ReactNode,
  type SetStateAction,
  useId,
  useState,
} from "react";
import { formatPhoneInput, PHONE_INPUT_MAX_LENGTH, PHONE_PREFIX } from "../../domain/accounts/phone";
import { inputClass } from "../../lib/field-classes";
import { StrokeIcon } from "./icons";

/**
 * Labelled form fields shared by the account islands (auth dialog, profile, reset page). Not islands
 * themselves: each island renders them. A field's message sits under it and is tied to it for screen readers.
 */
export { inputClass } from "../../lib/field-classes";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "onChange" | "value"> & {
  value: string;
  onValue: (value: string) => void;
};

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

interface FrameProps extends FieldProps {
  id: string;
  children: ReactNode;
}

/** A field's label above its control, and its message under it (the error, else the hint). */
export function FieldFrame({ id, label, error, hint, children }: FrameProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-alert">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, { error, hint }: Omit<FieldProps, "label">): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/**
 * What every control of a field carries (input, textarea, select): its id for the label, its value and setter, and
 * the message it is described by, marked invalid while it has an error.
 */
export function controlProps(
  id: string,
  {
    value,
    onValue,
    error,
    hint,
  }: Omit<FieldProps, "label"> & { value: string; onValue: (value: string) => void },
) {
  return {
    id,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onValue(event.currentTarget.value),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, { error, hint }),
  } as const;
}

/** The keys of a form's state whose value is typed text. */
type TextKeys<F> = { [K in keyof F]-?: F[K] extends string ? K : never }[keyof F] & string;

/**
 * Ties a field to one key of a form's state: its name, its value, its setter and its message, the four props every
 * text field of a form repeats. `bind("city")` is spread on a TextField, a PasswordField or a TextAreaField.
 */
/** `set("is_active")` gives the setter of one key of a form's state, for a field whose value is not text. */
export function fieldSetter<F>(setForm: Dispatch<SetStateAction<F>>) {
  return <K extends keyof F>(name: K) =>
    (value: F[K]) =>
      setForm((current) => ({ ...current, [name]: value }));
}

export function fieldBinder<F>(
  form: F,
  setForm: Dispatch<SetStateAction<F>>,
  fields: Readonly<Record<string, string>>,
) {
  return <K extends TextKeys<F>>(name: K) => ({
    name,
    value: form[name] as string,
    onValue: (value: string) => setForm((current) => ({ ...current, [name]: value })),
    error: fields[name],
  });
}

export function TextField({ label, error, hint, value, onValue, ...input }: FieldProps & InputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input
        type="text"
        {...input}
        {...controlProps(id, { value, onValue, error, hint })}
        className={inputClass}
      />
    </FieldFrame>
  );
}

/** A password input with its show/hide toggle (spec: auth dialog, reset page, profile). */
export function PasswordField({ label, error, hint, value, onValue, ...input }: FieldProps & InputProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          {...input}
          type={shown ? "text" : "password"}
          {...controlProps(id, { value, onValue, error, hint })}
          className={`${inputClass} pr-12`}
        />
        <button
          type="button"
          onClick={() => setShown(!shown)}
          aria-label={shown ? "Masquer le mot de passe" : "Afficher le mot de passe"}
          aria-pressed={shown}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-ink-soft hover:text-olive-800"
        >
          <StrokeIcon strokeWidth="1.8">
            <path d="M2.5 12S6 5 12 5s9.5 7 9.5 7-3.5 7-9.5 7S2.5 12 2.5 12Z" />
            <circle cx="12" cy="12" r="3" />
            {shown && <path d="M4 4l16 16" />}
          </StrokeIcon>
        </button>
      </div>
    </FieldFrame>
  );
}

/**
 * French phone (spec 5): digits only, grouped in pairs, at most 14 characters, after a fixed +33 prefix.
 * The value is what the input shows ("06 12 34 56 78"); the API stores it as +33 and the digits.
 */
export function PhoneField({ label, error, hint, value, onValue, ...input }: FieldProps & InputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <div className="flex">
        <span
          aria-hidden="true"
          className="inline-flex items-center rounded-l-lg border border-r-0 border-cream-300 bg-cream-100 px-3 font-medium text-ink-soft"
        >
          {PHONE_PREFIX}
        </span>
        {/* "tel-national" (the number without +33, as typed here) belongs to the autofill fields of text inputs,
            not of type="tel" (HTML, "Autofill": its control group is Text): a text input with the phone keypad. */}
        <input
          type="text"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="06 12 34 56 78"
          maxLength={PHONE_INPUT_MAX_LENGTH}
          {...input}
          {...controlProps(id, { value, onValue: (typed) => onValue(formatPhoneInput(typed)), error, hint })}
          className={`${inputClass} rounded-l-none`}
        />
      </div>
    </FieldFrame>
  );
}

/** A message box: errors are announced at once (alert), successes politely (status). */
export function Notice({ kind, children }: { kind: "error" | "success"; children: ReactNode }) {
  const styles =
    kind === "error" ? "border-alert/30 bg-red-50 text-alert" : "border-olive-300 bg-olive-50 text-olive-800";
  return (
    <p
      role={kind === "error" ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${styles}`}
    >
      {children}
    </p>
  );
}

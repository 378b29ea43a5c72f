import {
  type KeyboardEvent,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useLayoutEffect,
  useRef,
} from "react";
import { createPortal } from "react-dom";
import { controlProps, FieldFrame, inputClass, Notice } from "../ui/fields";
import { focusables, keepTabInside } from "../ui/focus-trap";
import { DialogCloseButton } from "../ui/icons";

/** Colours of the panel's badges; every pair reads at 4.5:1 or more. */
export type Tone = "success" | "warning" | "danger" | "info" | "progress" | "waiting" | "neutral";

const toneClasses: Record<Tone, string> = {
  success: "bg-green-100 text-green-900 ring-green-700/25",
  warning: "bg-amber-100 text-amber-900 ring-amber-700/25",
  danger: "bg-red-100 text-red-900 ring-red-700/25",
  info: "bg-sky-100 text-sky-900 ring-sky-700/25",
  progress: "bg-indigo-100 text-indigo-900 ring-indigo-700/25",
  waiting: "bg-amber-100 text-amber-900 ring-amber-700/25",
  neutral: "bg-cream-200 text-ink ring-ink/15",
};

export function Badge({ tone, children, title }: { tone: Tone; children: ReactNode; title?: string }) {
  return (
    <span
      title={title}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${toneClasses[tone]}`}
    >
      {children}
    </span>
  );
}

export const smallButton =
  "inline-flex min-h-9 items-center justify-center gap-1.5 rounded-full border border-olive-700 px-3.5 py-1.5 text-sm font-semibold text-olive-800 transition-colors hover:bg-olive-50 disabled:cursor-not-allowed disabled:border-cream-300 disabled:text-ink-soft";
export const dangerButton =
  "inline-flex min-h-9 items-center justify-center gap-1.5 rounded-full border border-alert px-3.5 py-1.5 text-sm font-semibold text-alert transition-colors hover:bg-red-50 disabled:cursor-not-allowed disabled:border-cream-300 disabled:text-ink-soft";

/** A text link of the panel (the label's PDF, the day's labels). */
export const linkClass =
  "rounded-sm font-semibold text-olive-800 underline underline-offset-4 hover:text-olive-950 focus-visible:outline-2";

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

/** One label and value of a <dl>: its direct child (a <div> grouping one <dt> and its <dd>, nothing between). */
export function Detail({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-sm font-semibold text-ink-soft">{label}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
  );
}

/** A failed list load: the spec's 'Erreur: {message}' with 'Réessayer'. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-alert/30 bg-red-50 px-5 py-4 text-alert">
      <p className="font-semibold">Erreur: {message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-2 rounded-sm font-semibold underline underline-offset-4 hover:text-red-900"
      >
        Réessayer
      </button>
    </div>
  );
}

/**
 * A tab's word after an action (« Produit créé. »): always in the page as a status region, so screen readers hear
 * each new word, and shown only while there is one.
 */
export function TabNotice({ children }: { children: string }) {
  return (
    <p
      role="status"
      className={
        children
          ? "mb-4 rounded-lg border border-olive-300 bg-olive-50 px-4 py-3 text-sm font-medium text-olive-800"
          : "sr-only"
      }
    >
      {children}
    </p>
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

/** A dialog's last row when it only shows things: « Fermer ». */
export function CloseRow({ onClose }: { onClose: () => void }) {
  return (
    <div className="mt-6 flex justify-end">
      <button type="button" className="btn btn-secondary" onClick={onClose}>
        Fermer
      </button>
    </div>
  );
}

export function Loading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="py-10 text-center text-ink-soft">
      {children}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-cream-300 bg-white px-6 py-12 text-center text-ink-soft">
      {children}
    </p>
  );
}

/** 'Charger plus' under a paged list (users, orders). */
export function LoadMore({
  hasMore,
  loading,
  error,
  onMore,
}: {
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  onMore: () => void;
}) {
  if (!hasMore) return null;
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      {error && (
        <p role="alert" className="text-sm font-medium text-alert">
          Erreur: {error}
        </p>
      )}
      <button type="button" className="btn btn-secondary" onClick={onMore} disabled={loading}>
        {loading ? "Chargement..." : "Charger plus"}
      </button>
    </div>
  );
}

/** The heading row of a tab: its title, an optional count and action. */
export function TabHeader({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h2 className="font-serif text-2xl font-semibold text-olive-900">{title}</h2>
        {children && <p className="mt-1 text-sm text-ink-soft">{children}</p>}
      </div>
      {action}
    </div>
  );
}

/**
 * A modal dialog: focus moves in on open (the first field, else the first control) and is trapped there, Escape
 * and the close button close it, focus returns to what opened it (or the tab panel when that is gone).
 */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
  alert = false,
  description,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /** A confirmation: role alertdialog, focus on its first button. */
  alert?: boolean;
  description?: ReactNode;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = dialog.current;
    if (root) {
      const first = alert
        ? root.querySelector<HTMLElement>("[data-autofocus]")
        : root.querySelector<HTMLElement>("input:not([disabled]), select, textarea");
      (first ?? focusables(root)[0] ?? root).focus();
    }
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
      // After the dialog is gone: back to the opener, else to the tab panel.
      window.setTimeout(() => {
        if (opener?.isConnected) opener.focus();
        else document.querySelector<HTMLElement>("[data-admin-panel]")?.focus();
      });
    };
  }, [alert]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      close.current();
      return;
    }
    if (dialog.current) keepTabInside(event, dialog.current);
  }

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes (mouse convenience; keyboard users have Escape and the close button)
    <div
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-olive-900/60 p-4 sm:items-center"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close.current();
      }}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both support aria-modal */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the role is dialog or alertdialog (chosen at runtime) */}
      <div
        ref={dialog}
        role={alert ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`relative my-auto w-full rounded-2xl bg-cream-50 p-6 shadow-2xl focus:outline-none sm:p-8 ${wide ? "max-w-3xl" : "max-w-lg"}`}
      >
        <DialogCloseButton onClick={() => close.current()} />
        <h2 id={titleId} className="pr-10 font-serif text-2xl font-semibold text-olive-900">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="mt-3 text-ink">
            {description}
          </div>
        )}
        <div className="mt-5">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/** A yes/no question before something that cannot be undone (deleting, cancelling an order). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel = "Annuler",
  busy = false,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog title={title} description={message} onClose={onCancel} alert>
      {error && (
        <p role="alert" className="mb-4 text-sm font-medium text-alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-secondary" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </button>
        <button
          type="button"
          className="btn bg-alert text-white hover:bg-red-900"
          onClick={onConfirm}
          disabled={busy}
        >
          {busy ? "Veuillez patienter..." : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

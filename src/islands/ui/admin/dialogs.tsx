import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { focusables, keepTabInside } from "../focus-trap";
import { DialogCloseButton } from "../icons";

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

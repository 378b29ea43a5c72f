import type { KeyboardEvent } from "react";

/**
 * Keeping the keyboard inside a modal dialog (the admin's dialogs, the sign-in dialog): WAI-ARIA's dialog pattern
 * (https://www.w3.org/WAI/ARIA/apg/patterns/dialog-modal/) wants Tab and Shift+Tab to cycle through the dialog's
 * controls and never reach the page behind it.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls Tab can reach inside `root`, in order; a control not laid out (hidden) is left out. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (item) => item.getClientRects().length > 0,
  );
}

/**
 * A Tab key pressed in the dialog `root`: from its last control to its first (Shift+Tab: from the first to the last),
 * and back inside from anywhere outside it; with no control at all, focus stays where it is. Other keys pass.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>, root: HTMLElement): void {
  if (event.key !== "Tab") return;
  const items = focusables(root);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

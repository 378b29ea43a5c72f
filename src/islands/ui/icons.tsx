import type { ReactNode } from "react";

/**
 * A line icon drawn in the text's colour on a 24-unit grid, hidden from screen readers: the button or link that
 * holds it says what it does (aria-label or text).
 */
export function StrokeIcon({
  className = "size-5",
  strokeWidth = "2",
  children,
}: {
  className?: string;
  strokeWidth?: string;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** The × in the top right corner of a dialog (the admin's dialogs, the sign-in dialog). */
export function DialogCloseButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="Fermer"
      className="absolute top-3 right-3 flex size-11 items-center justify-center rounded-full text-ink-soft hover:bg-cream-200 hover:text-ink"
    >
      <StrokeIcon>
        <path d="M6 6l12 12M18 6L6 18" />
      </StrokeIcon>
    </button>
  );
}

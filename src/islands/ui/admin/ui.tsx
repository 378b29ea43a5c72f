import type { ReactNode } from "react";

/**
 * The admin panel's layout pieces: badges, the buttons' and links' classes, a value of a <dl>, a list's loading,
 * failure, emptiness and « Charger plus », a tab's heading and its word after an action. Form controls are in
 * form-controls.tsx, dialogs in dialogs.tsx.
 */

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

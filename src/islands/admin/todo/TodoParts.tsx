import type { ReactNode } from "react";
import { todoLinks } from "../../../domain/admin/owner-todo/display";
import { linkClass } from "../../ui/admin/ui";

/** One group of the list (« Commandes à expédier »…): its heading, its hint and action, its rows. */
export function TodoGroup({
  id,
  title,
  hint,
  action,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  /** A link for the whole group, under its hint (« Imprimer les étiquettes du jour »). */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="font-semibold text-ink">
        {title}
      </h4>
      {hint && <p className="text-sm text-ink-soft">{hint}</p>}
      {action && <p className="mt-1 text-sm">{action}</p>}
      <ul className="mt-2 space-y-2">{children}</ul>
    </section>
  );
}

export function Row({
  highlight = false,
  data,
  children,
}: {
  highlight?: boolean;
  data?: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <li
      {...data}
      className={`rounded-xl border bg-white px-4 py-3 text-sm ${
        highlight ? "border-red-600 ring-2 ring-red-600/30" : "border-cream-300"
      }`}
    >
      {children}
    </li>
  );
}

/** An order named in the list, linked to its card in the Commandes tab. */
export function OrderLink({ number }: { number: string }) {
  return (
    <a className={linkClass} href={todoLinks.order(number)}>
      Commande n° {number}
    </a>
  );
}

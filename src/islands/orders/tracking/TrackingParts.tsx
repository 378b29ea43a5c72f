import type { ReactNode } from "react";

/** Where « Retour » leads: the customer's orders, or the shop for a guest, who has no such page. */
export function BackLink({ guest, className = "" }: { guest: boolean; className?: string }) {
  return (
    <a
      href={guest ? "/" : "/orders"}
      className={`rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900 ${className}`}
    >
      {guest ? "← Retour à la boutique" : "← Retour à mes commandes"}
    </a>
  );
}

/** A page that shows no order: its heading, why, and « Retour ». */
export function ErrorPanel({
  title,
  guest,
  children,
}: {
  title: string;
  guest: boolean;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-cream-300 bg-white p-8 text-center shadow-sm">
      <h1 className="font-serif text-3xl font-semibold text-olive-900">{title}</h1>
      {children}
      <p className="mt-6">
        <BackLink guest={guest} />
      </p>
    </section>
  );
}

import type { ReactNode } from "react";
import { useId } from "react";

/** One numbered step of the checkout form (« 1 Adresse de livraison »...), labelled by its heading. */
export function Section({ title, step, children }: { title: string; step: number; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="mb-4 flex items-center gap-3 font-serif text-xl font-semibold text-olive-900">
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-olive-700 font-sans text-sm font-bold text-cream-50"
        >
          {step}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

import type { ReactNode } from "react";
import { useId } from "react";

/** A section of the profile page: a titled white card, with an optional action beside the title. */
export function Card({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-7"
    >
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="font-serif text-2xl font-semibold text-olive-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

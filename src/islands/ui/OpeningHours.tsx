import type { ReactNode } from "react";
import { openingHoursLines } from "../../domain/orders/pickup-point";

/**
 * A pick-up point's week of opening hours, folded in a <details> its summary opens: in the checkout's list of points
 * and on the customer's orders and tracking pages, each with its own classes.
 */
export function OpeningHours({
  hours,
  summary,
  className,
  summaryClassName,
  listClassName,
}: {
  /** Monday to Sunday, each day's slots (PickupPoint.opening_hours). */
  hours: readonly (readonly string[])[];
  /** What the summary says (« Horaires », « Horaires d'ouverture »). */
  summary: ReactNode;
  className: string;
  summaryClassName: string;
  listClassName: string;
}) {
  return (
    <details className={className}>
      <summary className={summaryClassName}>{summary}</summary>
      <ul className={listClassName}>
        {openingHoursLines(hours).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </details>
  );
}

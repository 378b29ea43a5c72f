import type { ReactNode } from "react";

/**
 * The panel's four looks of a table, each with its heading cell's padding (the rows' cells use the same):
 * - `panel`: inside a product's dialog (lots, stock movements), framed;
 * - `inset`: a table inside a framed section (a lot's recall), no frame of its own;
 * - `dialog`: the only content of a dialog (a promo code's uses);
 * - `tab`: a whole tab's list (users, promo codes), framed and raised.
 */
const LOOKS = {
  panel: {
    frame: "mt-2 overflow-x-auto rounded-xl border border-cream-300",
    head: "bg-cream-100 text-ink-soft",
    cell: "px-3 py-2",
  },
  inset: { frame: "mt-2 overflow-x-auto", head: "text-ink-soft", cell: "px-2 py-1" },
  dialog: {
    frame: "relative overflow-x-auto rounded-xl border border-cream-300 bg-white",
    head: "border-b border-cream-300 bg-cream-100 text-ink-soft",
    cell: "px-4 py-2.5",
  },
  tab: {
    frame: "relative overflow-x-auto rounded-2xl border border-cream-300 bg-white shadow-sm",
    head: "border-b border-cream-300 bg-cream-100 text-ink-soft",
    cell: "px-4 py-3",
  },
} as const;

export type TableLook = keyof typeof LOOKS;

/**
 * A table of the admin panel: it scrolls sideways on a narrow screen rather than squeezing its columns (`minWidth`,
 * a whole Tailwind class such as "min-w-[32rem]" so that the build finds it), says what it lists to screen readers
 * (`caption`), and heads each column with a `th scope="col"`. The caller writes the rows.
 */
export function DataTable({
  look,
  minWidth,
  caption,
  columns,
  children,
}: {
  look: TableLook;
  minWidth: string;
  caption?: string;
  /** The columns' headings; a node for one that only screen readers hear (« Actions »). */
  columns: readonly ReactNode[];
  children: ReactNode;
}) {
  const { frame, head, cell } = LOOKS[look];
  return (
    <div className={frame}>
      <table className={`w-full ${minWidth} text-left text-sm`}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className={head}>
          <tr>
            {columns.map((name, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the headings are a fixed list, their place is their identity
              <th key={index} scope="col" className={`${cell} font-semibold`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-cream-200">{children}</tbody>
      </table>
    </div>
  );
}

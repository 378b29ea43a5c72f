import { type FormEvent, useState } from "react";
import { eurosToCents, formatEuros } from "../../domain/money";
import { parisDateTime } from "../../domain/paris-time";
import type { WithdrawnLine } from "../../domain/withdrawals/withdrawal";
import type { WithdrawalView } from "../../domain/withdrawals/withdrawal-schemas";
import { inputClass, Notice } from "../ui/fields";

const linkClass = "rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900";

/** 0, 1, ... up to what is left of a line. */
const quantityChoices = (available: number) => [...Array(available + 1).keys()];

/**
 * The order found: the whole order, or (once shipped) some lines and quantities; or why nothing can be withdrawn,
 * with « Chercher une autre commande ».
 */
export function ChooseLines({
  view,
  onBack,
  onNext,
}: {
  view: WithdrawalView;
  onBack: () => void;
  onNext: (lines: WithdrawnLine[], whole: boolean) => void;
}) {
  const open = view.lines.filter((line) => line.available > 0);
  const [mode, setMode] = useState<"whole" | "lines">("whole");
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [error, setError] = useState<string | null>(null);
  const partialAllowed = view.window.phase !== "before_shipping";

  const header = (
    <div className="space-y-1">
      <h2 className="font-serif text-2xl font-semibold text-olive-900">Commande n° {view.order_number}</h2>
      <p className="text-ink-soft">
        Total {formatEuros(eurosToCents(view.total_amount))}
        {view.window.deadline && (
          <>
            {" "}
            · délai de rétractation jusqu'au{" "}
            <time dateTime={view.window.deadline}>{parisDateTime(new Date(view.window.deadline))}</time>{" "}
            (heure de Paris)
          </>
        )}
      </p>
    </div>
  );

  if (view.window.phase === "closed" || open.length === 0) {
    return (
      <div className="space-y-4">
        {header}
        <Notice kind="error">
          {view.window.reason ??
            "Tous les produits de cette commande font déjà l'objet d'une rétractation ou d'un retour."}
        </Notice>
        <p>
          <button type="button" className={linkClass} onClick={onBack}>
            Chercher une autre commande
          </button>
        </p>
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mode === "whole") {
      onNext(
        open.map((line) => ({ index: line.index, quantity: line.available })),
        true,
      );
      return;
    }
    const lines = open
      .map((line) => ({ index: line.index, quantity: quantities[line.index] ?? 0 }))
      .filter((line) => line.quantity > 0);
    if (!lines.length) {
      setError("Choisissez au moins un produit dont vous vous rétractez.");
      return;
    }
    const whole = open.every((line) => (quantities[line.index] ?? 0) === line.available);
    onNext(lines, whole);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {header}
      {view.window.phase === "before_shipping" && (
        <p className="text-ink">
          Votre commande n'est pas encore expédiée : la rétractation porte sur toute la commande, qui sera
          annulée (et remboursée si vous l'avez payée). Pour ne renvoyer qu'une partie des produits, vous
          pourrez vous rétracter pendant 14 jours après la livraison.
        </p>
      )}
      {view.window.phase === "in_transit" && (
        <p className="text-ink">
          Votre commande est en route : vous pouvez vous rétracter dès maintenant et jusqu'à 14 jours après sa
          livraison.
        </p>
      )}
      <fieldset className="space-y-2">
        <legend className="mb-1 font-semibold text-ink">De quoi vous rétractez-vous ?</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="scope" checked={mode === "whole"} onChange={() => setMode("whole")} />
          Toute la commande
        </label>
        {partialAllowed && (
          <label className="flex items-center gap-2">
            <input type="radio" name="scope" checked={mode === "lines"} onChange={() => setMode("lines")} />
            Certains produits seulement
          </label>
        )}
      </fieldset>
      <ul className="divide-y divide-cream-200 rounded-xl border border-cream-300 bg-white">
        {view.lines.map((line) => (
          <li key={line.index} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <span className="text-ink">
              {line.product_name}{" "}
              <span className="text-sm text-ink-soft">
                ({line.bought} acheté{line.bought > 1 ? "s" : ""}
                {line.taken > 0
                  ? `, ${line.taken} déjà rétracté${line.taken > 1 ? "s" : ""} ou retourné${line.taken > 1 ? "s" : ""}`
                  : ""}
                )
              </span>
            </span>
            {mode === "lines" && line.available > 0 && (
              <label className="flex items-center gap-2 text-sm">
                Quantité
                <select
                  className={`${inputClass} w-20`}
                  aria-label={`Quantité de « ${line.product_name} » dont vous vous rétractez`}
                  value={quantities[line.index] ?? 0}
                  onChange={(event) =>
                    setQuantities({ ...quantities, [line.index]: Number(event.currentTarget.value) })
                  }
                >
                  {quantityChoices(line.available).map((choice) => (
                    <option key={choice} value={choice}>
                      {choice}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </li>
        ))}
      </ul>
      <p className="text-sm text-ink-soft">Vous n'avez pas à donner de motif.</p>
      {error && <Notice kind="error">{error}</Notice>}
      <button type="submit" className="btn btn-primary px-5">
        Continuer
      </button>
    </form>
  );
}

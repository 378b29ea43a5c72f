import type { SetupItem, SetupState } from "../../../domain/settings/shop-setup";
import { fetchSetup } from "../../ui/admin/admin-api";
import { useLoad } from "../../ui/admin/hooks";
import { Badge, LoadError, type Tone } from "../../ui/admin/ui";

const STATES: Record<SetupState, { label: string; tone: Tone }> = {
  done: { label: "Prêt", tone: "success" },
  missing: { label: "À compléter", tone: "danger" },
  off: { label: "Désactivé", tone: "neutral" },
};

/** Where each item is filled in: the settings tab, scrolled to its card (AdminPanel reads `#parametres/<key>`). */
export const settingsCardHash = (setting: SetupItem["setting"]) => `#parametres/${setting}`;

/**
 * The owner's setup checklist on the dashboard: each thing the shop needs before it can sell, its state and
 * a link to the card that fills it in, and whether the shop takes orders now. The server decides (GET
 * /api/admin/setup, the same rule that refuses orders), so the list and the checkout never disagree.
 */
export function SetupChecklist() {
  const { state, reload } = useLoad(fetchSetup);
  if (state.status === "loading") return null;
  if (state.status === "error") return <LoadError message={state.message} onRetry={reload} />;
  const setup = state.data;
  const remaining = setup.items.filter((item) => item.state === "missing").length;
  return (
    <section
      aria-labelledby="setup-title"
      className="mb-6 rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6"
      data-setup={setup.canTakeOrders ? "ready" : "incomplete"}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-title" className="font-serif text-xl font-semibold text-olive-900">
          Mise en place de la boutique
        </h2>
        <p className="text-sm text-ink-soft">
          {remaining === 0
            ? "Tout est renseigné"
            : `${remaining} point${remaining > 1 ? "s" : ""} à compléter`}
        </p>
      </div>
      {setup.canTakeOrders ? (
        <p
          role="status"
          className="mt-3 rounded-lg border border-green-700/25 bg-green-50 px-4 py-3 font-medium text-green-900"
        >
          La boutique peut prendre des commandes.
        </p>
      ) : (
        <div
          role="status"
          className="mt-3 rounded-lg border border-red-700/25 bg-red-50 px-4 py-3 text-red-900"
        >
          <p className="font-semibold">La boutique ne peut pas encore prendre de commandes.</p>
          <p className="mt-1 text-sm">
            Les clients voient le catalogue, mais la commande est fermée tant que manque :{" "}
            {setup.blockers.join(" ; ")}.
          </p>
        </div>
      )}
      <ul className="mt-4 divide-y divide-cream-200">
        {setup.items.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-start justify-between gap-3 py-3"
            data-setup-item={item.id}
          >
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                {item.label}
                <Badge tone={STATES[item.state].tone}>{STATES[item.state].label}</Badge>
              </p>
              <p className="mt-1 text-sm text-ink-soft">{item.detail}</p>
            </div>
            <a
              href={settingsCardHash(item.setting)}
              className="rounded-sm text-sm font-semibold whitespace-nowrap text-olive-700 underline underline-offset-4"
            >
              {item.state === "missing" ? "Compléter" : "Modifier"}
              <span className="sr-only"> : {item.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

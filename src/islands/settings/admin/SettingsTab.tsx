import { Fragment, useEffect } from "react";
import { type AdminSettings, settingsByKey } from "../../../domain/settings/admin-settings";
import { fetchSettings } from "../../ui/admin/admin-api";
import { useLoad } from "../../ui/admin/hooks";
import { LoadError, Loading, TabHeader } from "../../ui/admin/ui";
import { SETTING_CARDS } from "./cards";
import { announceMaintenance } from "./maintenance";

/** The shop's settings (spec 2 "Settings tab"): one card per setting (cards.tsx), each with Modifier, Enregistrer, Annuler. */
export function SettingsTab() {
  const { state, reload, update } = useLoad(async (signal) => settingsByKey(await fetchSettings(signal)));

  // A link of the setup checklist (#parametres/<key>) brings its card into view, its 'Modifier' button focused.
  const ready = state.status === "ready";
  useEffect(() => {
    if (!ready) return;
    const key = window.location.hash.split("/")[1];
    const card = key ? document.getElementById(`reglages-${key}`) : null;
    if (!card) return;
    card.scrollIntoView({ block: "start" });
    card.querySelector<HTMLButtonElement>("button")?.focus({ preventScroll: true });
  }, [ready]);

  function saved<K extends keyof AdminSettings>(key: K, value: AdminSettings[K]) {
    update((settings) => ({ ...settings, [key]: value }));
    if (key === "maintenance") announceMaintenance(value as AdminSettings["maintenance"]);
  }

  return (
    <div>
      <TabHeader title="Paramètres" />
      {state.status === "loading" && <Loading>Chargement des paramètres...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {state.status === "ready" && (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          {SETTING_CARDS.map(({ key, render }) => (
            <Fragment key={key}>{render(state.data, saved)}</Fragment>
          ))}
        </div>
      )}
    </div>
  );
}

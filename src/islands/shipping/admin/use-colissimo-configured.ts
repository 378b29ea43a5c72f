import { useEffect, useState } from "react";
import { colissimoStatus, settingsByKey } from "../../../domain/settings/admin-settings";
import { fetchSettings } from "../../ui/admin/admin-api";

/**
 * Whether the « Colissimo » card is complete (GET /api/admin/settings, read once per screen): only then is « Créer
 * l'étiquette » offered. Until the answer, or when it fails, it is not: the owner types the tracking in the form.
 */
export function useColissimoConfigured(): boolean {
  const [configured, setConfigured] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchSettings(controller.signal)
      .then((rows) => setConfigured(colissimoStatus(settingsByKey(rows)).configured))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return configured;
}

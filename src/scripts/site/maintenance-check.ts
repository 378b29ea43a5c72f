/**
 * The maintenance check of every page (BaseLayout), after its first paint: asks GET /api/settings/maintenance (again
 * on a back/forward restore and when an admin saves the setting, in this tab or another); when the shop is in
 * maintenance and the visitor is not an admin (GET /api/admin/check), the visitor goes to
 * /maintenance?from=<this page>. Any failure: no maintenance. /maintenance, /admin, the withdrawal function and the
 * legal pages are never redirected (isExemptFromMaintenance: the law wants withdrawal available at all times). A tab
 * just sent to /maintenance keeps the next pages hidden until the check answers (src/scripts/inline/page-boot.js).
 */
import { isExemptFromMaintenance } from "../../domain/settings/maintenance";
import type { ApiPath } from "../../lib/api/client";

const HINT_KEY = "maintenance_seen";

export function watchMaintenance(): void {
  const root = document.documentElement;
  const path = location.pathname;
  if (isExemptFromMaintenance(path)) return;
  const reveal = () => root.classList.remove("maintenance-pending");
  const remember = (on: boolean) => {
    try {
      if (on) sessionStorage.setItem(HINT_KEY, "1");
      else sessionStorage.removeItem(HINT_KEY);
    } catch {
      // Storage refused (private mode): the page is simply not hidden next time.
    }
  };
  // Every page runs this before anything else: a bare fetch of a declared path, not the client's weight.
  const getJson = (url: ApiPath): Promise<Record<string, unknown> | null> =>
    fetch(url, { cache: "no-store", credentials: "same-origin", headers: { accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null);
  const leave = () => {
    // A fragment may carry a secret (a guest's link): it never goes into the query string.
    const back = path + location.search;
    location.replace(back === "/" ? "/maintenance" : `/maintenance?from=${encodeURIComponent(back)}`);
  };
  const check = () =>
    getJson("/api/settings/maintenance")
      .then(async (state) => {
        if (state?.enabled !== true) {
          remember(false);
          reveal();
          return;
        }
        remember(true);
        const admin = await getJson("/api/admin/check");
        if (admin?.isAdmin === true) reveal();
        else leave();
      })
      .catch(reveal);
  void check();
  addEventListener("pageshow", (event) => {
    if (event.persisted) void check();
  });
  addEventListener("maintenance-changed", () => void check());
  addEventListener("storage", (event) => {
    if (event.key === "maintenance_changed") void check();
  });
}

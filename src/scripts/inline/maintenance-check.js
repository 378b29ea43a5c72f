/**
 * Inlined in the <head> of every page (BaseLayout): the maintenance check, kept tiny and framework-free.
 * At start (and on a back/forward restore, and when an admin saves the setting) it asks
 * GET /api/settings/maintenance; when the shop is in maintenance and the visitor is not an admin
 * (GET /api/admin/check), the visitor goes to /maintenance?from=<this page>. Any failure: no maintenance.
 * /maintenance and /admin are never redirected. After a redirect in this tab, the next pages stay hidden until
 * the check answers (4 s at most), so the shop does not flash before leaving again. The first check is asked once the
 * first frame is painted: nothing but the page itself comes before its first paint (issue 17).
 */
(() => {
  const root = document.documentElement;
  const path = location.pathname;
  if (/^\/(maintenance|admin)(\/|$)/.test(path)) return;
  const hintKey = "maintenance_seen";
  let hideTimer = 0;
  const reveal = () => {
    clearTimeout(hideTimer);
    root.classList.remove("maintenance-pending");
  };
  const remember = (on) => {
    try {
      if (on) sessionStorage.setItem(hintKey, "1");
      else sessionStorage.removeItem(hintKey);
    } catch {}
  };
  const getJson = (url) =>
    fetch(url, { cache: "no-store", credentials: "same-origin", headers: { accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null);
  const leave = () => {
    const back = path + location.search + location.hash;
    location.replace(back === "/" ? "/maintenance" : `/maintenance?from=${encodeURIComponent(back)}`);
  };
  const check = () =>
    getJson("/api/settings/maintenance").then((state) => {
      if (state?.enabled !== true) {
        remember(false);
        reveal();
        return;
      }
      remember(true);
      return getJson("/api/admin/check").then((admin) => {
        if (admin && admin.isAdmin === true) reveal();
        else leave();
      });
    });
  try {
    if (sessionStorage.getItem(hintKey) === "1") {
      root.classList.add("maintenance-pending");
      hideTimer = setTimeout(reveal, 4000);
    }
  } catch {}
  let checked = false;
  const firstCheck = () => {
    if (checked) return;
    checked = true;
    check().catch(reveal);
  };
  requestAnimationFrame(() => setTimeout(firstCheck, 0));
  setTimeout(firstCheck, 1000);
  addEventListener("pageshow", (event) => {
    if (event.persisted) check().catch(reveal);
  });
  addEventListener("maintenance-changed", () => check().catch(reveal));
  addEventListener("storage", (event) => {
    if (event.key === "maintenance_changed") check().catch(reveal);
  });
})();

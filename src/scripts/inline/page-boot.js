/**
 * Inlined in the <head> of every page (BaseLayout), framework-free, only what cannot wait for the page's modules:
 * - keeps the browser's install event for the install prompt, whose script comes after the first paint;
 * - notes on <html data-analytics-policy> whether the page was requested with the measurement-acceptance cookie,
 *   so its Content-Security-Policy allows Google's script (src/lib/consent-state.ts);
 * - hides the page until the maintenance check answers (4 s at most) when this tab was just sent to /maintenance,
 *   so the shop does not flash before leaving again (the check: src/scripts/site/maintenance-check.ts); never a page
 *   that maintenance leaves open (/maintenance, /admin, the withdrawal function and the legal pages), which BaseLayout
 *   marks with <html data-maintenance-exempt> (src/domain/settings/settings/maintenance.ts decides, at build time).
 */
(() => {
  addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    window.__installPrompt = event;
    dispatchEvent(new Event("install-prompt-ready"));
  });
  addEventListener("appinstalled", () => {
    window.__installPrompt = null;
  });

  const root = document.documentElement;
  if (/(?:^|;\s*)analytics_consent=granted(?:;|$)/.test(document.cookie))
    root.dataset.analyticsPolicy = "granted";
  try {
    if (sessionStorage.getItem("maintenance_seen") === "1" && !root.hasAttribute("data-maintenance-exempt")) {
      root.classList.add("maintenance-pending");
      setTimeout(() => root.classList.remove("maintenance-pending"), 4000);
    }
  } catch {}
})();

/**
 * Inlined in the <head> of every page (BaseLayout), framework-free, only what cannot wait for the page's modules:
 * - keeps the browser's install event for the install prompt, whose script comes after the first paint;
 * - notes on <html data-analytics-policy> whether the page was requested with the measurement-acceptance cookie,
 *   so its Content-Security-Policy allows Google's script (src/lib/consent-state.ts);
 * - hides the page until the maintenance check answers (4 s at most) when this tab was just sent to /maintenance,
 *   so the shop does not flash before leaving again (the check: src/scripts/site/maintenance-check.ts); never a page
 *   that maintenance leaves open (/maintenance, /admin, the withdrawal function and the legal pages), which BaseLayout
 *   marks with <html data-maintenance-exempt> (src/domain/settings/maintenance.ts decides, at build time);
 * - keeps a tap on a control of the static HTML made before the module that answers it came (the page's modules come
 *   after its first paint: deferred-assets.js), so that module plays it once ready (src/scripts/site/early-taps.ts).
 */
(() => {
  // [module, event, the controls it answers]: the prebuilt product page's parts (inside [data-buy-box] and
  // [data-gallery]), never the same components in a React island, which answer at once.
  const controls = [
    ["buy-box", "click", "[data-buy-box] [data-buy-box-add]"],
    ["waitlist", "submit", "[data-buy-box] form[data-waitlist]"],
    ["gallery", "click", "[data-gallery] button"],
    ["header", "click", "[data-menu-toggle]"],
    ["auth", "click", "[data-auth-open]"],
    ["consent", "click", "[data-consent-open]"],
  ];
  const taps = { ready: [], kept: [] };
  window.earlyTaps = taps;
  const keep = (event) => {
    for (const [module, type, selector] of controls) {
      const control = type === event.type && !taps.ready.includes(module) && event.target.closest?.(selector);
      if (!control) continue;
      // A form sent would load another page; a click has nothing else to do until its module is there.
      event.preventDefault();
      event.stopPropagation();
      taps.kept.push([module, control]);
      return;
    }
  };
  addEventListener("click", keep, true);
  addEventListener("submit", keep, true);

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

/**
 * Inlined in the <head> of every page (BaseLayout), framework-free:
 * - keeps the browser's install event for the install prompt island, which hydrates late (client:idle);
 * - notes on <html data-analytics-policy> whether the page was requested with the measurement-acceptance cookie,
 *   so its Content-Security-Policy allows Google's script (src/lib/consent-state.ts);
 * - dims the page for 150 ms when the visitor follows a link to another page of the shop (spec 4 "Page
 *   transitions"); the CSS does nothing when the visitor prefers reduced motion.
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
  let undim = 0;
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin) return;
    if (url.pathname === location.pathname && url.search === location.search) return;
    root.classList.add("page-leaving");
    clearTimeout(undim);
    undim = setTimeout(() => root.classList.remove("page-leaving"), 3000);
  });
  addEventListener("pageshow", () => root.classList.remove("page-leaving"));
})();

/**
 * Loaded by every page of the production build (BaseLayout, after the first paint): registers the service worker
 * (/sw.js, scope /) once the page has loaded and the browser is idle. When a new version takes over a page that already had one, the page reloads, except
 * during a payment (a reload would lose the PayPal window). On the very first visit the worker is asked to
 * keep the page that was loaded before it existed, so that page opens offline too.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  const firstVisit = !sw.controller;
  let controlled = !firstVisit;
  let reloading = false;
  sw.addEventListener("controllerchange", () => {
    if (controlled && !reloading && !/^\/payment/i.test(location.pathname)) {
      reloading = true;
      location.reload();
    }
    controlled = true;
  });
  const register = () =>
    sw
      .register("/sw.js", { scope: "/" })
      .then(() => sw.ready)
      .then((registration) => {
        if (firstVisit) registration.active?.postMessage({ type: "cache-page", url: location.href });
      })
      .catch(() => {});
  // After the page has loaded and settled: the precache download must not compete with the page's own work.
  const later = () =>
    "requestIdleCallback" in window
      ? requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === "complete") later();
  else addEventListener("load", later, { once: true });
}

/**
 * Page transitions (spec 4 "Page transitions"): the page dims for 150 ms when the visitor follows a link to another
 * page of the shop (src/styles/site.css; nothing when the visitor prefers reduced motion).
 */
export function dimOnLeave(): void {
  const root = document.documentElement;
  let undim = 0;
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin) return;
    if (url.pathname === location.pathname && url.search === location.search) return;
    root.classList.add("page-leaving");
    window.clearTimeout(undim);
    undim = window.setTimeout(() => root.classList.remove("page-leaving"), 3000);
  });
  addEventListener("pageshow", () => root.classList.remove("page-leaving"));
}

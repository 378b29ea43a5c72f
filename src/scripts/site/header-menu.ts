/** The mobile menu of the header (Header.astro): a disclosure button; closes on a link choice and on Escape. */
export function mobileMenu(): void {
  const toggle = document.querySelector<HTMLElement>("[data-menu-toggle]");
  const menu = document.getElementById("mobile-menu");
  if (!toggle || !menu) return;
  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    const label = toggle.querySelector("[data-menu-label]");
    if (label) label.textContent = open ? "Fermer le menu" : "Ouvrir le menu";
    toggle.querySelector('[data-menu-icon="open"]')?.classList.toggle("hidden", open);
    toggle.querySelector('[data-menu-icon="close"]')?.classList.toggle("hidden", !open);
  };
  toggle.addEventListener("click", () => setOpen(menu.hidden));
  menu.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("[data-menu-link]")) setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !menu.hidden) {
      setOpen(false);
      toggle.focus();
    }
  });
}

/**
 * Inlined after the header (Header.astro): the mobile menu, a disclosure button; closes on a link choice and on
 * Escape.
 */
(() => {
  const toggle = document.querySelector("[data-menu-toggle]");
  const menu = document.getElementById("mobile-menu");
  if (!toggle || !menu) return;
  const setOpen = (open) => {
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    const label = toggle.querySelector("[data-menu-label]");
    if (label) label.textContent = open ? "Fermer le menu" : "Ouvrir le menu";
    toggle.querySelector('[data-menu-icon="open"]')?.classList.toggle("hidden", open);
    toggle.querySelector('[data-menu-icon="close"]')?.classList.toggle("hidden", !open);
  };
  toggle.addEventListener("click", () => setOpen(menu.hidden));
  for (const link of menu.querySelectorAll("[data-menu-link]")) {
    link.addEventListener("click", () => setOpen(false));
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !menu.hidden) {
      setOpen(false);
      toggle.focus();
    }
  });
})();

/**
 * The header's user menu of a signed-in customer (header.ts shows it): built here rather than printed as a <template>
 * in every page's HTML, since only this module ever shows it. A disclosure: its button opens the panel ('Mes
 * commandes', 'Paramètres', 'Administration' for admins, 'Déconnexion'); Escape closes it (focus back on the
 * button), as do a click elsewhere and the focus leaving it.
 */
import { displayName } from "../../domain/accounts/account-forms";
import { $isAdmin, type SessionState } from "../../stores/session";
import { h } from "../storefront/dom";

const MENU_ITEM =
  "flex w-full items-center rounded-lg px-3 py-2.5 text-left font-medium text-ink hover:bg-olive-50 hover:text-olive-800";

function chevron(): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const attributes = {
    "aria-hidden": "true",
    viewBox: "0 0 24 24",
    class: "hidden size-4 shrink-0 transition-transform sm:block",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2.2",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  };
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value);
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", "M6 9l6 6 6-6");
  svg.append(path);
  return svg;
}

export interface UserMenu {
  element: HTMLElement;
  show(state: SessionState): void;
}

/** The menu, wired once; `show` fills it with the signed-in customer (and closes it once signed out). */
export function userMenu(onSignOut: () => void): UserMenu {
  const initial = h("span", {
    "aria-hidden": "true",
    class:
      "flex size-9 shrink-0 items-center justify-center rounded-full bg-olive-700 font-semibold text-cream-50 uppercase",
  });
  const buttonName = h("span", {
    class: "sr-only lg:not-sr-only lg:min-w-0 lg:flex-1 lg:truncate lg:text-left lg:font-semibold",
  });
  const icon = chevron();
  const button = h(
    "button",
    {
      type: "button",
      "aria-expanded": "false",
      "aria-controls": "user-menu-panel",
      class:
        "flex h-11 items-center gap-2 rounded-full p-1 text-olive-800 transition-colors hover:bg-olive-50 aria-expanded:bg-olive-50 sm:pr-3 lg:w-full",
    },
    initial,
    buttonName,
    icon,
  );
  const panelName = h("p", { class: "truncate font-semibold text-ink" });
  const email = h("p", { class: "truncate text-sm text-ink-soft" });
  const adminSlot = h("div");
  const signOut = h(
    "button",
    { type: "button", class: `${MENU_ITEM} text-alert hover:text-alert` },
    "Déconnexion",
  );
  const panel = h(
    "div",
    {
      id: "user-menu-panel",
      hidden: true,
      class:
        "absolute top-full right-0 z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-2xl border border-cream-300 bg-white p-2 shadow-lg",
    },
    h("div", { class: "border-b border-cream-200 px-3 pt-2 pb-3" }, panelName, email),
    h(
      "ul",
      { class: "py-1" },
      h("li", {}, h("a", { href: "/orders", class: MENU_ITEM }, "Mes commandes")),
      h("li", {}, h("a", { href: "/profile", class: MENU_ITEM }, "Paramètres")),
    ),
    adminSlot,
    h("div", { class: "border-t border-cream-200 pt-1" }, signOut),
  );
  const element = h(
    "div",
    { class: "relative flex w-full justify-end", "data-user-menu": true },
    button,
    panel,
  );

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    icon.classList.toggle("rotate-180", open);
  };
  const isOpen = () => !panel.hidden;
  button.addEventListener("click", () => setOpen(!isOpen()));
  element.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !isOpen()) return;
    event.stopPropagation();
    setOpen(false);
    button.focus();
  });
  element.addEventListener("focusout", (event) => {
    if (!element.contains(event.relatedTarget as Node | null)) setOpen(false);
  });
  document.addEventListener("pointerdown", (event) => {
    if (isOpen() && !element.contains(event.target as Node)) setOpen(false);
  });
  signOut.addEventListener("click", onSignOut);

  $isAdmin.subscribe((isAdmin) => {
    adminSlot.replaceChildren(
      ...(isAdmin
        ? [
            h(
              "div",
              { class: "border-t border-cream-200 py-1" },
              h(
                "p",
                { class: "px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-ink-soft uppercase" },
                "Administration",
              ),
              h("a", { href: "/admin", class: MENU_ITEM }, "Tableau de bord"),
            ),
          ]
        : []),
    );
  });

  return {
    element,
    show({ user }) {
      if (!user) {
        setOpen(false);
        return;
      }
      const name = displayName(user);
      initial.textContent = name.charAt(0);
      buttonName.textContent = name;
      panelName.textContent = name;
      email.textContent = user.email;
    },
  };
}

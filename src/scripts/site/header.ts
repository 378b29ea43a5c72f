/**
 * The header's live parts, without a framework (issue 17), over the stores the islands share:
 * - the cart badge: the item count of the persisted cart, shown above 0 (spec 2);
 * - the account corner: 'Connexion' once the session is known to be signed out, else the user menu (the name from
 *   large screens, the initial below; 'Mes commandes', 'Paramètres', 'Administration' for admins, 'Déconnexion'),
 *   a disclosure closed by Escape (focus back on its button), a click elsewhere or focus leaving it;
 * - the mobile menu (a disclosure) and its account entries: 'Connexion' when signed out, 'Admin' for admins.
 * The markup is Header.astro's; 'Connexion' buttons carry data-auth-open, which auth-modal-loader.ts handles.
 */
import { displayName } from "../../domain/accounts/account-forms";
import { $cartCount } from "../../stores/cart";
import { $isAdmin, $session, type SessionState, signOut, startSession } from "../../stores/session";
import { mobileMenu } from "./header-menu";

function cloneTemplate(root: ParentNode, selector: string): DocumentFragment | null {
  const template = root.querySelector<HTMLTemplateElement>(selector);
  return template ? (template.content.cloneNode(true) as DocumentFragment) : null;
}

function cartBadge(): void {
  const badge = document.querySelector<HTMLElement>("[data-cart-badge]");
  const label = document.querySelector<HTMLElement>("[data-cart-badge-label]");
  if (!badge || !label) return;
  // The figure alone, shown: the label says it in words.
  badge.setAttribute("aria-hidden", "true");
  $cartCount.subscribe((count) => {
    badge.hidden = count <= 0;
    badge.textContent = count > 99 ? "99+" : String(count);
    label.textContent = count <= 0 ? "" : ` (${count === 1 ? "1 article" : `${count} articles`})`;
  });
}

/** The user menu of a signed-in customer: built from its template, wired once, refreshed on each session change. */
function userMenu(slot: HTMLElement): { element: HTMLElement; show(state: SessionState): void } | null {
  const fragment = cloneTemplate(slot, "template[data-user-menu-template]");
  const element = fragment?.querySelector<HTMLElement>("[data-user-menu]");
  const button = element?.querySelector<HTMLButtonElement>("[data-account-button]");
  const panel = element?.querySelector<HTMLElement>("#user-menu-panel");
  if (!element || !button || !panel) return null;
  const chevron = element.querySelector("[data-user-chevron]");

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    chevron?.classList.toggle("rotate-180", open);
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
  element.querySelector("[data-sign-out]")?.addEventListener("click", () => {
    focusSignInOnSignOut = true;
    void signOut();
  });

  const adminSlot = element.querySelector<HTMLElement>("[data-admin-slot]");
  $isAdmin.subscribe((isAdmin) => {
    if (!adminSlot) return;
    adminSlot.replaceChildren(
      ...(isAdmin ? [cloneTemplate(slot, "template[data-user-menu-admin-template]") ?? ""] : []),
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
      const initial = element.querySelector("[data-user-initial]");
      if (initial) initial.textContent = name.charAt(0);
      for (const node of element.querySelectorAll("[data-user-name]")) node.textContent = name;
      const email = element.querySelector("[data-user-email]");
      if (email) email.textContent = user.email;
    },
  };
}

let focusSignInOnSignOut = false;

function accountCorner(): void {
  const slot = document.querySelector<HTMLElement>("[data-account]");
  const signIn = slot?.querySelector<HTMLButtonElement>("[data-account-signin]");
  if (!slot || !signIn) return;
  let menu: ReturnType<typeof userMenu> = null;
  $session.subscribe((state) => {
    if (state.user) {
      menu ??= userMenu(slot);
      if (menu && !menu.element.isConnected) slot.append(menu.element);
      menu?.show(state);
      signIn.hidden = true;
      return;
    }
    menu?.show(state);
    menu?.element.remove();
    signIn.hidden = false;
    signIn.classList.toggle("invisible", state.status !== "signed-out");
    if (state.status === "signed-out" && focusSignInOnSignOut) {
      focusSignInOnSignOut = false;
      signIn.focus();
    }
  });
}

function mobileAccount(): void {
  const slot = document.querySelector<HTMLElement>("[data-mobile-account]");
  const menu = slot?.parentElement;
  if (!slot || !menu) return;
  const render = () => {
    const signedOut = $session.get().status === "signed-out";
    const template = signedOut
      ? "template[data-mobile-signin-template]"
      : $isAdmin.get()
        ? "template[data-mobile-admin-template]"
        : null;
    slot.replaceChildren(...(template ? [cloneTemplate(menu, template) ?? ""] : []));
  };
  $session.subscribe(render);
  $isAdmin.subscribe(render);
}

mobileMenu();
cartBadge();
accountCorner();
mobileAccount();
void startSession();
// Wired: the module scripts run after the first paint (decision record 021), so a click on the menu button before
// this line does nothing; the end-to-end tests wait for this mark before clicking.
document.querySelector("[data-site-header]")?.setAttribute("data-ready", "");

/**
 * The header's live parts, without a framework, over the stores the islands share: the cart badge, the account
 * corner and the mobile menu. The markup is Header.astro's, but for the user menu (user-menu.ts).
 */

import { hasSessionHint } from "../../lib/session-hint";
import { $cartCount } from "../../stores/cart";
import { $isAdmin, $session, type SessionState, signOut, startSession } from "../../stores/session";
import { playEarlyTaps } from "./early-taps";
import { mobileMenu } from "./header-menu";
import type { UserMenu } from "./user-menu";

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

let focusSignInOnSignOut = false;

function accountCorner(): void {
  const slot = document.querySelector<HTMLElement>("[data-account]");
  const signIn = slot?.querySelector<HTMLButtonElement>("[data-account-signin]");
  if (!slot || !signIn) return;
  let menu: UserMenu | null = null;
  let requested = false;
  // The user menu's module comes once someone is signed in, or the hint cookie says so: a visitor never loads it.
  const loadMenu = () => {
    if (requested) return;
    requested = true;
    import("./user-menu").then(
      ({ userMenu }) => {
        menu = userMenu(() => {
          focusSignInOnSignOut = true;
          void signOut();
        });
        render($session.get());
      },
      () => {
        requested = false;
      },
    );
  };
  const render = (state: SessionState) => {
    if (state.user) {
      // Until the menu's module is there, the corner keeps its width, empty.
      signIn.hidden = true;
      if (!menu) return loadMenu();
      if (!menu.element.isConnected) slot.append(menu.element);
      menu.show(state);
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
  };
  if (hasSessionHint()) loadMenu();
  $session.subscribe(render);
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
// Wired: the module scripts run after the first paint (decision record 021). A tap on the menu button before this
// line was kept by the head's inline script and is played now.
document.querySelector("[data-site-header]")?.setAttribute("data-ready", "");
playEarlyTaps("header");

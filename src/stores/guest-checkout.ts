/**
 * « Commander sans compte »: whether this tab chose to order without an account, and the e-mail of its last
 * guest order, kept in sessionStorage (this tab only, gone with it: decision record 049). Never the address: personal
 * data stays out of the browser's storage. The checkout's head script reads the same entry through the same rule
 * (readGuestChoice, src/scripts/inline/checkout-first-step.ts) to paint the guest's form from the first frame: that
 * script bundles this module, so nothing here runs on import but the store's creation, marked pure.
 */
import { atom } from "nanostores";

export const GUEST_CHECKOUT_STORAGE_KEY = "guest_checkout";

export interface GuestChoice {
  /** The e-mail of her last guest order in this tab ("" before one). */
  email: string;
  /** Just chosen: the checkout puts the keyboard on the e-mail field once, then forgets it. */
  fresh: boolean;
}

/** Reads a stored choice (any text, or null); anything malformed is no choice. */
export function parseGuestChoice(stored: string | null): GuestChoice | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as unknown;
    if (typeof value !== "object" || value === null) return null;
    const { email, fresh } = value as Record<string, unknown>;
    return { email: typeof email === "string" ? email.slice(0, 254) : "", fresh: fresh === true };
  } catch {
    return null;
  }
}

/** The tab's stored choice; null without one, or when the storage is refused (a privacy setting). */
export function readGuestChoice(): GuestChoice | null {
  try {
    return typeof sessionStorage === "undefined"
      ? null
      : parseGuestChoice(sessionStorage.getItem(GUEST_CHECKOUT_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** The tab's choice; null until « Commander sans compte » is chosen. */
export const $guestCheckout = /* @__PURE__ */ atom<GuestChoice | null>(/* @__PURE__ */ readGuestChoice());

function store(choice: GuestChoice | null): void {
  $guestCheckout.set(choice);
  try {
    if (choice) sessionStorage.setItem(GUEST_CHECKOUT_STORAGE_KEY, JSON.stringify(choice));
    else sessionStorage.removeItem(GUEST_CHECKOUT_STORAGE_KEY);
  } catch {
    // Storage refused: the choice lives as long as the page.
  }
}

/** « Commander sans compte »: the checkout shows the guest's form, and puts the keyboard on her e-mail once. */
export function chooseGuestCheckout(): void {
  store({ email: $guestCheckout.get()?.email ?? "", fresh: true });
}

/** The checkout has put the keyboard on the e-mail field: not again on the next page load. */
export function guestCheckoutShown(): void {
  const choice = $guestCheckout.get();
  if (choice?.fresh) store({ ...choice, fresh: false });
}

/** A guest order was placed: its e-mail is offered again for the next one in this tab. */
export function rememberGuestEmail(email: string): void {
  store({ email: email.trim(), fresh: false });
}

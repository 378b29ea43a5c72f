import { atom } from "nanostores";

/** What the auth dialog shows (spec 2 "Auth modal"); any island or button may open it. */
export type AuthMode = "signin" | "signup" | "forgot_password";
export type AuthModalState = AuthMode | "closed";

/**
 * Why the dialog was opened: to sign in (« account »), or to order (« order »: the cart's « Se connecter pour
 * commander », the checkout's sign-in gate), when it also offers « Commander sans compte ».
 */
export type AuthPurpose = "account" | "order";

export const $authModal = atom<AuthModalState>("closed");
export const $authPurpose = atom<AuthPurpose>("account");

export function isAuthMode(value: unknown): value is AuthMode {
  return value === "signin" || value === "signup" || value === "forgot_password";
}

export function isAuthPurpose(value: unknown): value is AuthPurpose {
  return value === "account" || value === "order";
}

/**
 * Opens the dialog in `mode`, or switches it to `mode` when it is already open. `purpose`: why it opens; a switch
 * without one keeps the dialog's, an opening without one is to sign in.
 */
export function openAuthModal(mode: AuthMode = "signin", purpose?: AuthPurpose): void {
  if (purpose) $authPurpose.set(purpose);
  else if ($authModal.get() === "closed") $authPurpose.set("account");
  $authModal.set(mode);
}

export function closeAuthModal(): void {
  $authModal.set("closed");
}

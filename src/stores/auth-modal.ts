import { atom } from "nanostores";

/** What the auth dialog shows (spec 2 "Auth modal"); any island or button may open it. */
export type AuthMode = "signin" | "signup" | "forgot_password";
export type AuthModalState = AuthMode | "closed";

export const $authModal = atom<AuthModalState>("closed");

export function isAuthMode(value: unknown): value is AuthMode {
  return value === "signin" || value === "signup" || value === "forgot_password";
}

/** Opens the dialog in `mode`, or switches it to `mode` when it is already open. */
export function openAuthModal(mode: AuthMode = "signin"): void {
  $authModal.set(mode);
}

export function closeAuthModal(): void {
  $authModal.set("closed");
}

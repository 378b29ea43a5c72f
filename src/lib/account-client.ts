/** Browser calls of the account screens: password reset and change, profile and address book (api.md). */
import type { SessionUser } from "../domain/accounts/account";
import type { Address } from "../domain/accounts/address";
import type { addressPayload } from "../domain/accounts/address-forms";
import { api, unwrap } from "./api/client";

export type AddressBody = ReturnType<typeof addressPayload>;

/** POST /api/auth/password/forgot: the same answer whether the e-mail has an account or not. */
export async function requestPasswordReset(email: string): Promise<void> {
  await unwrap(api.POST("/api/auth/password/forgot", { body: { email } }));
}

/** POST /api/auth/password/reset with the token of the mailed link. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await unwrap(api.POST("/api/auth/password/reset", { body: { token, newPassword } }));
}

/** POST /api/auth/password/change; the API closes the customer's other sessions. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await unwrap(api.POST("/api/auth/password/change", { body: { currentPassword, newPassword } }));
}

export function fetchProfile(signal?: AbortSignal): Promise<SessionUser> {
  return unwrap(api.GET("/api/user/profile", { signal }));
}

/** PUT /api/user/profile: full name and phone only ("" clears the phone); answers the updated user. */
export function saveProfile(profile: { full_name: string; phone: string }): Promise<SessionUser> {
  return unwrap(api.PUT("/api/user/profile", { body: profile }));
}

export function fetchAddresses(signal?: AbortSignal): Promise<Address[]> {
  return unwrap(api.GET("/api/user/addresses", { signal }));
}

export function createAddress(address: AddressBody): Promise<Address> {
  return unwrap(api.POST("/api/user/addresses", { body: address }));
}

export function updateAddress(id: string, address: AddressBody): Promise<Address> {
  return unwrap(api.PUT("/api/user/addresses/{id}", { params: { path: { id } }, body: address }));
}

export function setDefaultAddress(id: string): Promise<Address> {
  return unwrap(
    api.PUT("/api/user/addresses/{id}", { params: { path: { id } }, body: { is_default: true } }),
  );
}

export async function deleteAddress(id: string): Promise<void> {
  await unwrap(api.DELETE("/api/user/addresses/{id}", { params: { path: { id } } }));
}

/** POST /api/user/account/delete: erases the account (the password confirms it); the API closes the session. */
export async function deleteAccount(password: string): Promise<{ message: string }> {
  return unwrap(api.POST("/api/user/account/delete", { body: { password } }));
}

/** GET /api/user/data-export: the customer's data as a zip, with the file name the server gives it. */
export async function downloadPersonalData(): Promise<{ blob: Blob; fileName: string }> {
  // Loaded on the click: the account pages do not carry the file helpers.
  const { apiDownload } = await import("./api/files");
  return apiDownload("/api/user/data-export", "mes-donnees.zip");
}

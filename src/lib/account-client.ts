/** Browser calls of the account screens: password reset and change, profile and address book (api.md). */
import type { SessionUser } from "../domain/accounts/account";
import type { Address } from "../domain/accounts/address";
import type { addressPayload } from "../domain/accounts/address-forms";
import { apiDownload, apiRequest } from "./api-client";

export type AddressBody = ReturnType<typeof addressPayload>;

/** POST /api/auth/password/forgot: the same answer whether the e-mail has an account or not. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest("/api/auth/password/forgot", { method: "POST", body: { email } });
}

/** POST /api/auth/password/reset with the token of the mailed link. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await apiRequest("/api/auth/password/reset", { method: "POST", body: { token, newPassword } });
}

/** POST /api/auth/password/change; the API closes the customer's other sessions. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await apiRequest("/api/auth/password/change", { method: "POST", body: { currentPassword, newPassword } });
}

export function fetchProfile(signal?: AbortSignal): Promise<SessionUser> {
  return apiRequest<SessionUser>("/api/user/profile", { signal });
}

/** PUT /api/user/profile: full name and phone only ("" clears the phone); answers the updated user. */
export function saveProfile(profile: { full_name: string; phone: string }): Promise<SessionUser> {
  return apiRequest<SessionUser>("/api/user/profile", { method: "PUT", body: profile });
}

export function fetchAddresses(signal?: AbortSignal): Promise<Address[]> {
  return apiRequest<Address[]>("/api/user/addresses", { signal });
}

export function createAddress(address: AddressBody): Promise<Address> {
  return apiRequest<Address>("/api/user/addresses", { method: "POST", body: address });
}

export function updateAddress(id: string, address: AddressBody): Promise<Address> {
  return apiRequest<Address>(`/api/user/addresses/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: address,
  });
}

export function setDefaultAddress(id: string): Promise<Address> {
  return apiRequest<Address>(`/api/user/addresses/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: { is_default: true },
  });
}

export async function deleteAddress(id: string): Promise<void> {
  await apiRequest(`/api/user/addresses/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** POST /api/user/account/delete: erases the account (the password confirms it); the API closes the session. */
export async function deleteAccount(password: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>("/api/user/account/delete", { method: "POST", body: { password } });
}

/** GET /api/user/data-export: the customer's data as a zip, with the file name the server gives it. */
export function downloadPersonalData(): Promise<{ blob: Blob; fileName: string }> {
  return apiDownload("/api/user/data-export", "mes-donnees.zip");
}

import type { SessionUser } from "../../src/domain/accounts/account";
import type { Deps } from "./deps";

/**
 * The signed-in user as the session resolved it: what the API answers of it, and the hash a password check compares.
 * The stored defaults (name, phone, admin flag) may be absent.
 */
export type SessionAccount = Pick<SessionUser, "id" | "email" | "created_at"> &
  Partial<Pick<SessionUser, "full_name" | "phone" | "is_admin">> & { password_hash: string };

export interface AuthContext {
  user: SessionAccount;
  tokenHash: string;
}
export interface AppEnv {
  Variables: { deps: Deps; auth: AuthContext | null };
}

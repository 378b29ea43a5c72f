import type { EntityItem } from "electrodb";
import type { UserEntity } from "../accounts/user-entity";
import type { Deps } from "./deps";

export interface AuthContext {
  user: EntityItem<UserEntity>;
  tokenHash: string;
}

/** Hono environment shared by every route module: dependencies, and the session's user once resolved. */
export interface AppEnv {
  Variables: { deps: Deps; auth: AuthContext | null };
}

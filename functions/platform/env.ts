import type { EntityItem } from "electrodb";
import type { UserEntity } from "../accounts/user-entity";
import type { Deps } from "./deps";

export interface AuthContext {
  user: EntityItem<UserEntity>;
  tokenHash: string;
}

export interface AppEnv {
  Variables: { deps: Deps; auth: AuthContext | null };
}

import type { Deps } from "../services/deps";

/** Hono environment shared by every route module: the use cases' dependencies are in `c.var.deps`. */
export interface AppEnv {
  Variables: { deps: Deps };
}

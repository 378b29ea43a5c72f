import { systemClock } from "../adapters/clock";
import { dbConfigFromEnv } from "../db/client";
import { createDb } from "../db/service";
import type { Deps } from "../services/deps";

let deps: Deps | undefined;

/** Dependencies from the environment, built once per process (a Lambda's cold start). */
export function depsFromEnv(): Deps {
  deps ??= { db: createDb(dbConfigFromEnv()), clock: systemClock };
  return deps;
}

import { systemClock } from "../adapters/clock";
import { mailerFromEnv } from "../adapters/mail";
import { dbConfigFromEnv } from "../db/client";
import { createDb } from "../db/service";
import type { Deps } from "../services/deps";

let deps: Deps | undefined;

/** Dependencies from the environment, built once per process (a Lambda's cold start). */
export function depsFromEnv(env: NodeJS.ProcessEnv = process.env): Deps {
  deps ??= {
    db: createDb(dbConfigFromEnv(env)),
    clock: systemClock,
    mailer: mailerFromEnv(env),
    siteUrl: (env.SITE_URL ?? "").replace(/\/+$/, ""),
  };
  return deps;
}

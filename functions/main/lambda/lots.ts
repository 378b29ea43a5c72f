import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { routes } from "../generated/lots";
import { openFirstConnection } from "./init";

/** Lambda "lots": batches and recalls and the waitlist's counts, admin only. */
export const app = createAreaApp("lots", routes, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();

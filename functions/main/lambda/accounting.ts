import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { routes } from "../generated/accounting";
import { openFirstConnection } from "./init";

/** Lambda "accounting": the owner's accounting exports (FEC and e-reporting of a period), admin only. */
export const app = createAreaApp("accounting", routes, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();

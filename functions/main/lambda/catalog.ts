import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { routes } from "../generated/catalog";
import { openFirstConnection } from "./init";

/** Lambda "catalog": products, public settings and the browsers' Content-Security-Policy reports. */
export const app = createAreaApp("catalog", routes, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();

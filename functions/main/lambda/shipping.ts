import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { routes } from "../generated/shipping";
import { openFirstConnection } from "./init";

/**
 * Lambda "shipping": the only function that may open the Colissimo password and use
 * the private documents bucket, and the one that merges a day's labels with pdf-lib.
 */
export const app = createAreaApp("shipping", routes, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();

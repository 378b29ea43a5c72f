import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { routes } from "../generated/photos";
import { openFirstConnection } from "./init";

/** Lambda "photos": a product's photos, checked, resized (sharp) and stored in the media bucket; admin only. */
export const app = createAreaApp("photos", routes, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();

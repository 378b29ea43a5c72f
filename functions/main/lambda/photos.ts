import { handle } from "hono/aws-lambda";
import { adminPhotosRoutes } from "../../catalog/photos-routes";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { openFirstConnection } from "./init";

/** Lambda "photos": a product's photos, checked, resized (sharp) and stored in the media bucket; admin only. */
export const app = createAreaApp("photos", { "admin-photos": adminPhotosRoutes }, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();

import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { routes } from "../generated/admin";
import { openFirstConnection } from "./init";

/** Lambda "admin": the owner's panel, every route behind the admin guard. */
export const app = createAreaApp("admin", routes, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();

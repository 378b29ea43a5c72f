import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../app";
import { depsFromEnv, settlingBackgroundSends } from "../deps";
import { adminRoutes } from "../routes/admin";

/** Lambda "admin": the owner's panel, every route behind the admin guard. */
export const app = createAreaApp("admin", { "/api/admin": adminRoutes }, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));

import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { routes } from "../generated/accounts";
import { openFirstConnection } from "./init";

/** Lambda "accounts": sign-up, sign-in, sessions, passwords, profile, address book and the customer's orders. */
export const app = createAreaApp("accounts", routes, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();

import { handle } from "hono/aws-lambda";
import { guestAccountRoutes, guestOrdersAttachRoutes } from "../../accounts/guest-account/routes";
import { userRoutes } from "../../accounts/profile-routes";
import { authRoutes } from "../../accounts/routes";
import { createAreaApp } from "../app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { openFirstConnection } from "./init";

/** Lambda "accounts": sign-up, sign-in, sessions, passwords, profile, address book and the customer's orders. */
export const app = createAreaApp(
  "accounts",
  {
    auth: authRoutes,
    user: userRoutes,
    "guest-account": guestAccountRoutes,
    "guest-orders-attach": guestOrdersAttachRoutes,
  },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));

// The first DynamoDB connection, opened during the init (in Lambda only).
await openFirstConnection();

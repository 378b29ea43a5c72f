import { handle } from "hono/aws-lambda";
import { userRoutes } from "../../accounts/profile-routes";
import { authRoutes } from "../../accounts/routes";
import { guestAccountRoutes, guestOrdersAttachRoutes } from "../../orders/guest/account/routes";
import { eraseAccount } from "../../personal-data/erase";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { openFirstConnection } from "./init";

/** Lambda "accounts": sign-up, sign-in, sessions, passwords, profile, address book and the customer's orders. */
export const app = createAreaApp(
  "accounts",
  {
    auth: authRoutes,
    user: userRoutes(eraseAccount),
    "guest-account": guestAccountRoutes,
    "guest-orders-attach": guestOrdersAttachRoutes,
  },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();

import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../app";
import { depsFromEnv, settlingBackgroundSends } from "../deps";
import { authRoutes } from "../routes/auth";
import { userRoutes } from "../routes/user";
import { openFirstConnection } from "./init";

/** Lambda "accounts": sign-up, sign-in, sessions, passwords, profile, address book and the customer's orders. */
export const app = createAreaApp("accounts", { auth: authRoutes, user: userRoutes }, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));

// The first DynamoDB connection, opened during the init (in Lambda only).
await openFirstConnection();

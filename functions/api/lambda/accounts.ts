import { handle } from "hono/aws-lambda";
import { createApp } from "../app";
import { areaMounts } from "../areas";
import { depsFromEnv } from "../deps";

/** Lambda "accounts": sign-up, sign-in, sessions, passwords, profile and address book. */
export const handler = handle(createApp(areaMounts("accounts"), depsFromEnv));

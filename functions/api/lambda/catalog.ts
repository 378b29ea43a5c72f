import { handle } from "hono/aws-lambda";
import { createApp } from "../app";
import { areaMounts } from "../areas";
import { depsFromEnv } from "../deps";

/** Lambda "catalog": products, public settings and the OpenAPI document. */
export const handler = handle(createApp(areaMounts("catalog"), depsFromEnv));

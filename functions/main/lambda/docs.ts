import { handle } from "hono/aws-lambda";
import type { Deps } from "../../platform/deps";
import { createAreaApp } from "../area-app";
import { routes } from "../generated/docs";

/** The bundle carries neither the AWS SDK nor ElectroDB; a route asking for a dependency fails loudly. */
const noDeps = new Proxy({} as Deps, {
  get(_, name) {
    throw new Error(`The docs function has no dependencies: ${String(name)} was asked for.`);
  },
});

export const app = createAreaApp("docs", routes, () => noDeps);
export const handler = handle(app);

import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { routes } from "../generated/documents";
import { openFirstConnection } from "./init";

/** Lambda "documents": what renders PDFs (orders and invoices, a guest's invoices, data exports, admin downloads). */
export const app = createAreaApp("documents", routes, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();

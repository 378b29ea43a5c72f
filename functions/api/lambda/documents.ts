import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../app";
import { depsFromEnv, settlingBackgroundSends } from "../deps";
import { adminDocumentsRoutes } from "../routes/admin-documents";
import { customerOrdersRoutes } from "../routes/customer-orders";
import { personalDataRoutes } from "../routes/personal-data";
import { openFirstConnection } from "./init";

/** Lambda "documents": the customer's orders and invoices, the export of their data, the admin's invoice downloads. */
export const app = createAreaApp(
  "documents",
  {
    "customer-orders": customerOrdersRoutes,
    "admin-documents": adminDocumentsRoutes,
    "personal-data": personalDataRoutes,
  },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));

// The first DynamoDB connection, opened during the init (in Lambda only).
await openFirstConnection();

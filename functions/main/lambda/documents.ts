import { handle } from "hono/aws-lambda";
import { customerOrdersRoutes } from "../../orders/customer-routes";
import { adminDocumentsRoutes } from "../../orders/documents-routes";
import { guestDocumentsRoutes } from "../../orders/guest/document-routes";
import { guestDataRoutes } from "../../personal-data/guest/routes";
import { personalDataRoutes } from "../../personal-data/routes";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { openFirstConnection } from "./init";

/** Lambda "documents": the customer's orders and invoices, a guest's invoices (by her order's link), the export of their data, the admin's invoice downloads. */
export const app = createAreaApp(
  "documents",
  {
    "customer-orders": customerOrdersRoutes,
    "admin-documents": adminDocumentsRoutes,
    "personal-data": personalDataRoutes,
    "guest-documents": guestDocumentsRoutes,
    "guest-data": guestDataRoutes,
  },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));

// The first DynamoDB connection, opened during the init (in Lambda only).
await openFirstConnection();

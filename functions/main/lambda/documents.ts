import { handle } from "hono/aws-lambda";
import { customerOrdersRoutes } from "../../orders/customer-routes";
import { adminDocumentsRoutes } from "../../orders/documents-routes";
import { guestDocumentsRoutes } from "../../orders/guest/document-routes";
import { guestDataRoutes } from "../../personal-data/guest/routes";
import { personalDataRoutes } from "../../personal-data/routes";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { openFirstConnection } from "./init";

/** Lambda "documents": what renders PDFs (orders and invoices, a guest's invoices, data exports, admin downloads). */
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

await openFirstConnection();

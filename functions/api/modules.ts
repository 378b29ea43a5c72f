import type { Hono } from "hono";
import type { AppEnv } from "./env";
import { adminRoutes } from "./routes/admin";
import { adminBatchesRoutes } from "./routes/admin-batches";
import { adminDocumentsRoutes } from "./routes/admin-documents";
import { adminExportsRoutes } from "./routes/admin-exports";
import { adminPhotosRoutes } from "./routes/admin-photos";
import { adminWaitlistRoutes } from "./routes/admin-waitlist";
import { authRoutes } from "./routes/auth";
import { cspReportsRoutes } from "./routes/csp-reports";
import { customerOrdersRoutes } from "./routes/customer-orders";
import { openApiRoutes } from "./routes/openapi";
import { ordersRoutes } from "./routes/orders";
import { paypalRoutes } from "./routes/paypal";
import { personalDataRoutes } from "./routes/personal-data";
import { productsRoutes } from "./routes/products";
import { promoRoutes } from "./routes/promo";
import { settingsRoutes } from "./routes/settings";
import { userRoutes } from "./routes/user";
import { waitlistRoutes } from "./routes/waitlist";
import { withdrawalsRoutes } from "./routes/withdrawals";

/** Every route module of the API, by the path it is mounted at. `areas.ts` says which Lambda serves each. */
export const routeModules: Record<string, Hono<AppEnv>> = {
  "/api/products": productsRoutes,
  "/api/settings": settingsRoutes,
  "/api/csp-reports": cspReportsRoutes,
  "/api/openapi.json": openApiRoutes,
  "/api/auth": authRoutes,
  "/api/user": userRoutes,
  "/api/orders": ordersRoutes,
  "/api/promo": promoRoutes,
  "/api/withdrawals": withdrawalsRoutes,
  "/api/paypal-payment": paypalRoutes,
  "/api/admin": adminRoutes,
  "/api/user/orders": customerOrdersRoutes,
  "/api/admin/documents": adminDocumentsRoutes,
  "/api/admin/exports": adminExportsRoutes,
  "/api/admin/batches": adminBatchesRoutes,
  "/api/admin/photos": adminPhotosRoutes,
  "/api/user/data-export": personalDataRoutes,
  "/api/waitlist": waitlistRoutes,
  "/api/admin/waitlist": adminWaitlistRoutes,
};

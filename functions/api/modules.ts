import type { Hono } from "hono";
import type { AppEnv } from "./env";
import { type ApiModuleName, apiModules } from "./features";
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

/** Every route module of the API by its name in features.ts (the type asks for each, and for no other). */
export const routesByModule: Record<ApiModuleName, Hono<AppEnv>> = {
  products: productsRoutes,
  settings: settingsRoutes,
  "csp-reports": cspReportsRoutes,
  openapi: openApiRoutes,
  auth: authRoutes,
  user: userRoutes,
  orders: ordersRoutes,
  promo: promoRoutes,
  withdrawals: withdrawalsRoutes,
  paypal: paypalRoutes,
  admin: adminRoutes,
  "customer-orders": customerOrdersRoutes,
  "admin-documents": adminDocumentsRoutes,
  "admin-exports": adminExportsRoutes,
  "admin-batches": adminBatchesRoutes,
  "admin-photos": adminPhotosRoutes,
  "personal-data": personalDataRoutes,
  waitlist: waitlistRoutes,
  "admin-waitlist": adminWaitlistRoutes,
};

/** Every route module of the API, by the path features.ts mounts it at, in its order. */
export const routeModules: Record<string, Hono<AppEnv>> = Object.fromEntries(
  apiModules.map((entry) => [entry.mount, routesByModule[entry.module]]),
);

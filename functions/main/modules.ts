import type { Hono } from "hono";
import { adminExportsRoutes } from "../accounting/routes";
import { userRoutes } from "../accounts/profile-routes";
import { authRoutes } from "../accounts/routes";
import { adminRoutes } from "../admin/routes";
import { adminBatchesRoutes } from "../batches/routes";
import { adminPhotosRoutes } from "../catalog/photos-routes";
import { productsRoutes } from "../catalog/routes";
import { customerOrdersRoutes } from "../orders/customer-routes";
import { adminDocumentsRoutes } from "../orders/documents-routes";
import { guestAccountRoutes, guestOrdersAttachRoutes } from "../orders/guest/account/routes";
import { guestDocumentsRoutes } from "../orders/guest/document-routes";
import { guestOrdersRoutes } from "../orders/guest/routes";
import { ordersRoutes } from "../orders/routes";
import { ordersByIds } from "../orders/service";
import { guestPaypalRoutes } from "../payments/guest-routes";
import { paypalRoutes } from "../payments/routes";
import { eraseAccount } from "../personal-data/erase";
import { guestDataRoutes } from "../personal-data/guest/routes";
import { personalDataRoutes } from "../personal-data/routes";
import type { AppEnv } from "../platform/env";
import { promoRoutes } from "../promos/routes";
import { cspReportsRoutes } from "../publishing/csp-reports-routes";
import { settingsRoutes } from "../settings/routes";
import { adminShippingRoutes, pickupPointsRoutes } from "../shipping/routes";
import { adminWaitlistRoutes } from "../waitlist/admin-routes";
import { waitlistRoutes } from "../waitlist/routes";
import { withdrawalsRoutes } from "../withdrawals/routes";
import { type ApiModuleName, apiModules } from "./features";
import { openApiRoutes } from "./openapi-routes";

export const routesByModule: Record<ApiModuleName, Hono<AppEnv>> = {
  products: productsRoutes,
  settings: settingsRoutes,
  "csp-reports": cspReportsRoutes,
  openapi: openApiRoutes,
  auth: authRoutes,
  user: userRoutes(eraseAccount),
  orders: ordersRoutes,
  promo: promoRoutes,
  withdrawals: withdrawalsRoutes,
  paypal: paypalRoutes,
  "guest-orders": guestOrdersRoutes,
  "guest-paypal": guestPaypalRoutes,
  "guest-documents": guestDocumentsRoutes,
  "guest-data": guestDataRoutes,
  "guest-account": guestAccountRoutes,
  "guest-orders-attach": guestOrdersAttachRoutes,
  admin: adminRoutes,
  "customer-orders": customerOrdersRoutes,
  "admin-documents": adminDocumentsRoutes,
  "admin-exports": adminExportsRoutes,
  "admin-batches": adminBatchesRoutes(ordersByIds),
  "admin-photos": adminPhotosRoutes,
  "personal-data": personalDataRoutes,
  waitlist: waitlistRoutes,
  "admin-waitlist": adminWaitlistRoutes,
  "admin-shipping": adminShippingRoutes,
  "pickup-points": pickupPointsRoutes,
};

export const routeModules: Record<string, Hono<AppEnv>> = Object.fromEntries(
  apiModules.map((entry) => [entry.mount, routesByModule[entry.module]]),
);

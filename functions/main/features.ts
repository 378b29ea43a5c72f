/**
 * The one list of the API's route modules: feature, mount, Lambda area. Pure data, no imports: infra/api.ts, the docs
 * function and each Lambda read it. The order is the order the full app mounts them in.
 */
export const apiModules = [
  { module: "products", feature: "catalog", mount: "/api/products", area: "catalog" },
  { module: "settings", feature: "settings", mount: "/api/settings", area: "catalog" },
  { module: "csp-reports", feature: "publishing", mount: "/api/csp-reports", area: "catalog" },
  { module: "openapi", feature: "main", mount: "/api/openapi.json", area: "docs" },
  { module: "auth", feature: "accounts", mount: "/api/auth", area: "accounts" },
  { module: "user", feature: "accounts", mount: "/api/user", area: "accounts" },
  { module: "orders", feature: "orders", mount: "/api/orders", area: "orders" },
  { module: "promo", feature: "promos", mount: "/api/promo", area: "orders" },
  { module: "withdrawals", feature: "withdrawals", mount: "/api/withdrawals", area: "orders" },
  { module: "paypal", feature: "payments", mount: "/api/paypal-payment", area: "payments" },
  // Ordering without an account: each beside its customer's counterpart, in the same function.
  { module: "guest-orders", feature: "orders", mount: "/api/guest/orders", area: "orders" },
  { module: "guest-paypal", feature: "payments", mount: "/api/guest/paypal-payment", area: "payments" },
  { module: "guest-documents", feature: "orders", mount: "/api/guest/documents", area: "documents" },
  { module: "guest-data", feature: "personal-data", mount: "/api/guest/personal-data", area: "documents" },
  { module: "guest-account", feature: "orders", mount: "/api/guest/account", area: "accounts" },
  { module: "guest-orders-attach", feature: "orders", mount: "/api/user/guest-orders", area: "accounts" },
  // The owner's panel; it mounts the catalogue's stock, the withdrawals' list and the to-do list behind its guard.
  { module: "admin", feature: "admin", mount: "/api/admin", area: "admin" },
  { module: "customer-orders", feature: "orders", mount: "/api/user/orders", area: "documents" },
  { module: "admin-documents", feature: "orders", mount: "/api/admin/documents", area: "documents" },
  { module: "admin-exports", feature: "accounting", mount: "/api/admin/exports", area: "accounting" },
  { module: "admin-batches", feature: "batches", mount: "/api/admin/batches", area: "lots" },
  { module: "admin-photos", feature: "catalog", mount: "/api/admin/photos", area: "photos" },
  { module: "personal-data", feature: "personal-data", mount: "/api/user/data-export", area: "documents" },
  { module: "waitlist", feature: "waitlist", mount: "/api/waitlist", area: "orders" },
  { module: "admin-waitlist", feature: "waitlist", mount: "/api/admin/waitlist", area: "lots" },
  { module: "admin-shipping", feature: "shipping", mount: "/api/admin/shipping", area: "shipping" },
  { module: "pickup-points", feature: "shipping", mount: "/api/shipping", area: "shipping" },
] as const;

export type ApiModule = (typeof apiModules)[number];
export type ApiModuleName = ApiModule["module"];

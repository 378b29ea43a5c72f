/**
 * How the API is split into Lambda functions. Pure data, no imports: `infra/api.ts` reads it to declare one
 * function per area and the router routes in front of them, and `lambda/<area>.ts` mounts exactly these paths.
 * A test proves every mounted route module is served by a declared function.
 */
export interface ApiArea {
  /** File name of the handler: functions/api/lambda/<name>.ts, exporting `handler`. */
  readonly name: string;
  /** Mount paths of the route modules this function serves (keys of `routeModules`). */
  readonly mounts: readonly string[];
}

export const apiAreas = [
  { name: "catalog", mounts: ["/api/products", "/api/settings", "/api/csp-reports"] },
  { name: "accounts", mounts: ["/api/auth", "/api/user"] },
  { name: "orders", mounts: ["/api/orders", "/api/promo", "/api/withdrawals", "/api/waitlist"] },
  { name: "payments", mounts: ["/api/paypal-payment"] },
  { name: "admin", mounts: ["/api/admin"] },
  // Orders as the customer reads them, and invoices: the PDF renderer stays out of the other functions.
  // The router picks the longest matching mount, so /api/user/orders/* and /api/user/data-export come here, the
  // rest of /api/user not. The data export renders the account's invoices: it needs the PDF renderer.
  { name: "documents", mounts: ["/api/user/orders", "/api/admin/documents", "/api/user/data-export"] },
  // The owner's accounting exports (FEC, e-reporting; decision record 016): plain text from the invoices' snapshots,
  // in their own small function rather than the admin one (at its budget) or the PDF renderer's.
  { name: "accounting", mounts: ["/api/admin/exports"] },
  // A product's batches and the recall of a lot (decision record 018): admin routes outside the admin function (at
  // its budget).
  { name: "lots", mounts: ["/api/admin/batches", "/api/admin/waitlist"] },
  // Product photos (decision record 019): the only function with sharp (image resizing, native) and the bucket.
  { name: "photos", mounts: ["/api/admin/photos"] },
  // The OpenAPI document imports every route module's docs: its own function keeps the others small.
  { name: "docs", mounts: ["/api/openapi.json"] },
] as const satisfies readonly ApiArea[];

export type ApiAreaName = (typeof apiAreas)[number]["name"];

export function areaMounts(name: ApiAreaName): readonly string[] {
  const area = apiAreas.find((candidate) => candidate.name === name);
  if (!area) throw new Error(`Unknown API area ${name}`);
  return area.mounts;
}

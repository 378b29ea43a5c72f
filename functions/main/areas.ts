import { apiModules } from "./features";

/**
 * How the API is split into Lambda functions. Pure data: `infra/api.ts` reads it to declare one function per area
 * and the router routes in front of them, and `lambda/<area>.ts` mounts exactly these paths. Which route module
 * each area serves is said once, in features.ts; a test proves every mounted route module is served by a declared
 * function.
 */
export interface ApiArea {
  /** File name of the handler: functions/main/lambda/<name>.ts, exporting `handler`. */
  readonly name: string;
  /** Mount paths of the route modules this function serves (features.ts). */
  readonly mounts: readonly string[];
}

const areaNames = [
  // Products, public settings and the browsers' Content-Security-Policy reports.
  "catalog",
  // Sign-up, sign-in, sessions, passwords, profile and address book.
  "accounts",
  // Bank-transfer orders, promo code checks, withdrawals without an account and the waitlist.
  "orders",
  // PayPal client id, create and capture, webhooks.
  "payments",
  // The owner's panel, every route behind the admin guard.
  "admin",
  // Orders as the customer reads them, and invoices: the PDF renderer stays out of the other functions.
  // The router picks the longest matching mount, so /api/user/orders/* and /api/user/data-export come here, the
  // rest of /api/user not. The data export renders the account's invoices: it needs the PDF renderer.
  "documents",
  // The owner's accounting exports (FEC, e-reporting; decision record 016): plain text from the invoices' snapshots,
  // in their own small function rather than the admin one (at its budget) or the PDF renderer's.
  "accounting",
  // A product's batches and the recall of a lot (decision record 018), and the waitlist's counts: admin routes
  // outside the admin function (at its budget).
  "lots",
  // Product photos (decision record 019): the only function with sharp (image resizing, native) and the bucket.
  "photos",
  // Colissimo labels (issue 31): the carrier's client, the right to open its password, the private documents bucket
  // and the PDF merge of the day's labels, kept out of the admin function (at its budget).
  "shipping",
  // The OpenAPI document, built from every contract: its own function keeps the others small.
  "docs",
] as const;

export type ApiAreaName = (typeof areaNames)[number];

export const apiAreas: readonly { readonly name: ApiAreaName; readonly mounts: readonly string[] }[] =
  areaNames.map((name) => ({
    name,
    mounts: apiModules.filter((entry) => entry.area === name).map((entry) => entry.mount),
  }));

export function areaMounts(name: ApiAreaName): readonly string[] {
  const area = apiAreas.find((candidate) => candidate.name === name);
  if (!area) throw new Error(`Unknown API area ${name}`);
  return area.mounts;
}

/** The route modules an area serves (features.ts), by name: what its lambda/<area>.ts must import. */
export type AreaModuleName<A extends ApiAreaName> = Extract<
  (typeof apiModules)[number],
  { area: A }
>["module"];

/** Every area features.ts names is declared here (a typo fails to compile). */
export const everyModuleInADeclaredArea: [Exclude<(typeof apiModules)[number]["area"], ApiAreaName>] extends [
  never,
]
  ? true
  : never = true;

import { apiModules } from "./generated/modules";

/** Pure data: infra/api.ts reads it to declare one function per area and the routes in front of them. */
export interface ApiArea {
  readonly name: string;
  readonly mounts: readonly string[];
}

const areaNames = [
  "catalog",
  "accounts",
  "orders",
  "payments",
  "admin",
  // The PDF renderer stays out of the other functions. The router picks the longest matching mount, so
  // /api/user/orders/* and /api/user/data-export come here, the rest of /api/user not.
  "documents",
  // Accounting exports: apart from the admin function, at its budget.
  "accounting",
  // Batches and recalls: admin routes outside the admin function, at its budget.
  "lots",
  // Photos: the only function with sharp (native) and the bucket.
  "photos",
  // Colissimo: the carrier's client, its password and the private bucket, kept out of the admin function.
  "shipping",
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

export const everyModuleInADeclaredArea: [Exclude<(typeof apiModules)[number]["area"], ApiAreaName>] extends [
  never,
]
  ? true
  : never = true;

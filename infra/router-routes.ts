/**
 * The Router's routes as data, declared once: infra/web.ts gives each to SST's Router (`route`, `routeBucket`), and the
 * edge rehearsal (tests/edge/rehearsal.ts) writes the same ones into its KeyValueStore. Pure: no SST globals.
 */

/** The owner's photos bucket (infra/media.ts): object `media/products/12/<id>-640.webp` answers that path. */
export const MEDIA_ROUTE = "/media";

/** Paths under /api that no module mounts still get the API's JSON 404 (the first area's), not the site's HTML. */
export const API_FALLBACK_ROUTE = "/api";

export type RouterRoute =
  | { readonly kind: "url"; readonly pattern: string; readonly area: string }
  | { readonly kind: "bucket"; readonly pattern: string; readonly bucket: "media" };

/** Every API area's mounts to its function, the photos to their bucket, then the /api fallback, in that order. */
export function routerRoutes(
  areas: readonly { readonly name: string; readonly mounts: readonly string[] }[],
): RouterRoute[] {
  const fallback = areas[0];
  if (!fallback) throw new Error("functions/main/areas.ts declares no API area");
  return [
    ...areas.flatMap((area) =>
      area.mounts.map((pattern): RouterRoute => ({ kind: "url", pattern, area: area.name })),
    ),
    { kind: "bucket", pattern: MEDIA_ROUTE, bucket: "media" },
    { kind: "url", pattern: API_FALLBACK_ROUTE, area: fallback.name },
  ];
}

import { Hono } from "hono";
import { withSession } from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { requireAdmin } from "../platform/middleware/admin";
import { route, routesAt } from "../platform/route";
import { addProductPhoto, arrangeProductPhotos, deleteProductPhoto } from "./photos";
import { adminPhotosContract as contract } from "./photos-contract";

/** Admin only. Served by the "photos" function, the only one carrying sharp. */
export const adminPhotosRoutes = routesAt(
  { mount: "/api/admin/photos", area: "photos" },
  new Hono<AppEnv>().use(withSession, requireAdmin),
);

route(adminPhotosRoutes, contract.postAdminPhotosByProductId, async (c) => {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const product = await addProductPhoto(
    c.var.deps,
    c.req.valid("param").productId,
    bytes,
    c.req.valid("query").alt ?? "",
  );
  return c.json(product, 201);
});

route(adminPhotosRoutes, contract.putAdminPhotosByProductId, async (c) =>
  c.json(await arrangeProductPhotos(c.var.deps, c.req.valid("param").productId, c.req.valid("json"))),
);

route(adminPhotosRoutes, contract.deleteAdminPhotosByProductIdByPhotoId, async (c) => {
  const { productId, photoId } = c.req.valid("param");
  return c.json(await deleteProductPhoto(c.var.deps, productId, photoId));
});

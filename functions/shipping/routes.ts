import { Hono } from "hono";
import { rateLimits } from "../../src/domain/rate-limit";
import { withSession } from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { requireAdmin } from "../platform/middleware/admin";
import { clientKey } from "../platform/middleware/client-ip";
import { retryAfterHeader } from "../platform/middleware/retry-after";
import { route, routesAt } from "../platform/route";
import { admitAttempt } from "../platform/throttle";
import { adminShippingContract as contract, pickupPointsContract } from "./contract";
import { createLabel } from "./labels/create";
import { dayLabelsPdf, labelPdf } from "./labels/pdf";
import { searchPickupPoints } from "./pickup-points";
import { refreshAllParcels, refreshParcel } from "./tracking";

export const adminShippingRoutes = routesAt(
  { mount: "/api/admin/shipping", area: "shipping" },
  new Hono<AppEnv>().use(withSession, requireAdmin),
);

/** Inline, named so that a download keeps a clear name. */
const pdf = (bytes: Uint8Array, name: string) =>
  new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${name}.pdf"`,
      "cache-control": "private, no-store",
    },
  });

route(adminShippingRoutes, contract.postAdminShippingOrdersByIdLabel, async (c) => {
  const { order, created } = await createLabel(c.var.deps, c.req.valid("param").id);
  return c.json(order, created ? 201 : 200);
});

route(adminShippingRoutes, contract.getAdminShippingOrdersByIdLabel, async (c) => {
  const { id } = c.req.valid("param");
  return pdf(await labelPdf(c.var.deps, id), `etiquette-${id}`);
});

route(adminShippingRoutes, contract.getAdminShippingLabels, async (c) => {
  const { date } = c.req.valid("query");
  return pdf(await dayLabelsPdf(c.var.deps, date), `etiquettes-${date}`);
});

route(adminShippingRoutes, contract.postAdminShippingOrdersByIdTracking, async (c) =>
  c.json(await refreshParcel(c.var.deps, c.req.valid("param").id), 200),
);

route(adminShippingRoutes, contract.postAdminShippingTracking, async (c) =>
  c.json(await refreshAllParcels(c.var.deps), 200),
);

/**
 * Each search calls La Poste with the shop's contract, so each is counted per client address. Never kept by the
 * CDN: the points found are what an order may name for a day.
 */
export const pickupPointsRoutes = routesAt(
  { mount: "/api/shipping", area: "shipping" },
  new Hono<AppEnv>().use(retryAfterHeader),
);

route(pickupPointsRoutes, pickupPointsContract.getShippingPickupPoints, async (c) => {
  await admitAttempt(c.var.deps, [
    { scope: "pickup-searches-address", subject: clientKey(c), rule: rateLimits.pickupSearches },
  ]);
  c.header("cache-control", "private, no-store");
  return c.json(await searchPickupPoints(c.var.deps, c.req.valid("query")));
});

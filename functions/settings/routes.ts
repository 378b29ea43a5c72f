import { Hono } from "hono";
import type { AppEnv } from "../platform/env";
import { publicRead, publicReadPolicies } from "../platform/middleware/public-read";
import { route, routesAt } from "../platform/route";
import { checkoutSettings } from "./checkout";
import { settingsContract as contract } from "./contract";
import { publicCompany, publicMaintenance, publicShipping } from "./service";

/** No secrets, no IBAN: the same for every visitor, so the CDN keeps them. */
export const settingsRoutes = routesAt({ mount: "/api/settings", area: "catalog" }, new Hono<AppEnv>());

route(settingsRoutes, contract.getSettingsShipping, publicRead(publicReadPolicies.settings), async (c) =>
  c.json(await publicShipping(c.var.deps)),
);

route(settingsRoutes, contract.getSettingsCompany, publicRead(publicReadPolicies.settings), async (c) =>
  c.json(await publicCompany(c.var.deps)),
);

route(
  settingsRoutes,
  contract.getSettingsMaintenance,
  publicRead(publicReadPolicies.maintenance),
  async (c) => c.json(await publicMaintenance(c.var.deps)),
);

route(settingsRoutes, contract.getSettingsCheckout, publicRead(publicReadPolicies.checkout), async (c) =>
  c.json(await checkoutSettings(c.var.deps)),
);

import { Hono } from "hono";
import { checkoutSettings } from "../../services/checkout";
import { publicCompany, publicMaintenance, publicShipping } from "../../services/settings";
import { settingsContract as contract } from "../../settings/contract";
import type { AppEnv } from "../env";
import { publicRead, publicReadPolicies } from "../middleware/public-read";
import { route, routesAt } from "../route";

/**
 * Public, read-only views of the settings the storefront needs (no secrets, no IBAN), the same for every visitor:
 * the CDN keeps them, each for as long as its policy says (middleware/public-read.ts).
 */
export const settingsRoutes = routesAt("/api/settings", new Hono<AppEnv>());

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

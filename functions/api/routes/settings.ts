import { Hono } from "hono";
import { checkoutSettings } from "../../services/checkout";
import { publicCompany, publicMaintenance, publicShipping } from "../../services/settings";
import type { AppEnv } from "../env";
import { publicRead, publicReadPolicies } from "../middleware/public-read";

/**
 * Public, read-only views of the settings the storefront needs (no secrets, no IBAN), the same for every visitor:
 * the CDN keeps them, each for as long as its policy says (middleware/public-read.ts).
 */
export const settingsRoutes = new Hono<AppEnv>()
  .get("/shipping", publicRead(publicReadPolicies.settings), async (c) =>
    c.json(await publicShipping(c.var.deps)),
  )
  .get("/company", publicRead(publicReadPolicies.settings), async (c) =>
    c.json(await publicCompany(c.var.deps)),
  )
  .get("/maintenance", publicRead(publicReadPolicies.maintenance), async (c) =>
    c.json(await publicMaintenance(c.var.deps)),
  )
  .get("/checkout", publicRead(publicReadPolicies.checkout), async (c) =>
    c.json(await checkoutSettings(c.var.deps)),
  );

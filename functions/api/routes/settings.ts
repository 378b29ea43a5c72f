import { Hono } from "hono";
import { checkoutSettings } from "../../services/checkout";
import { publicCompany, publicMaintenance, publicShipping } from "../../services/settings";
import type { AppEnv } from "../env";

/** Public, read-only views of the settings the storefront needs (no secrets, no IBAN). */
export const settingsRoutes = new Hono<AppEnv>()
  .get("/shipping", async (c) => c.json(await publicShipping(c.var.deps)))
  .get("/company", async (c) => c.json(await publicCompany(c.var.deps)))
  .get("/maintenance", async (c) => c.json(await publicMaintenance(c.var.deps)))
  .get("/checkout", async (c) => c.json(await checkoutSettings(c.var.deps)));

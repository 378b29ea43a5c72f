import { Hono } from "hono";
import type * as z from "zod";
import {
  adminOrdersQuerySchema,
  adminOrderUpdateSchema,
  adminProductSchema,
  adminProductUpdateSchema,
  adminPromoSchema,
  adminReturnSchema,
  pageQuerySchema,
  promoAmounts,
} from "../../../src/domain/admin";
import { productIdParamSchema } from "../../../src/domain/product";
import type { settingKeys } from "../../../src/domain/settings";
import {
  adminSettings,
  adminStats,
  liftUserMailSuppression,
  listOrders,
  listUsers,
  saveSetting,
  updateOrder,
  userDetails,
  userSummary,
} from "../../services/admin";
import { createProduct, deleteProduct, listAllProducts, updateProduct } from "../../services/catalog";
import {
  createPromo,
  deletePromo,
  listPromos,
  promoUsageHistory,
  toAdminPromo,
  updatePromo,
} from "../../services/promos";
import { markSiteStale, sitePublishStatus } from "../../services/publishing";
import { markRefundDone, recordReturn } from "../../services/refunds";
import { currentShopSetup } from "../../services/shop-setup";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/admin";
import { withSession } from "../middleware/session";
import { validate } from "../middleware/validate";
import { refundParam, settingBody, settingKeyParam } from "../schemas/admin";
import { idParam } from "../schemas/params";
import { adminStockRoutes } from "./admin-stock";
import { adminTodoRoutes } from "./admin-todo";
import { adminWithdrawalsRoutes } from "./admin-withdrawals";

const PROMO_ARCHIVED_MESSAGE =
  "Ce code a déjà été utilisé : il est archivé au lieu d'être supprimé. Il ne peut plus être utilisé, et son historique reste consultable.";

function promoInput(input: z.output<typeof adminPromoSchema>) {
  return { ...input, ...promoAmounts(input) };
}

/**
 * The admin area. `/check` answers anyone (false when anonymous); every other route is behind the one guard
 * registered right after it, so a route added later is guarded too (tests/integration/admin-guard.test.ts).
 */
export const adminRoutes = new Hono<AppEnv>()
  .use(withSession)
  .get("/check", (c) => c.json({ isAdmin: Boolean(c.var.auth?.user.is_admin) }))
  .use("*", requireAdmin)
  .get("/stats", async (c) => c.json(await adminStats(c.var.deps)))
  .get("/users", validate("query", pageQuerySchema), async (c) =>
    c.json(await listUsers(c.var.deps, c.req.valid("query"))),
  )
  .get("/users/:id", validate("param", idParam), async (c) =>
    c.json(await userDetails(c.var.deps, c.req.valid("param").id)),
  )
  .delete("/users/:id/mail-suppression", validate("param", idParam), async (c) => {
    await liftUserMailSuppression(c.var.deps, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .get("/users/:id/summary", validate("param", idParam), async (c) =>
    c.json(await userSummary(c.var.deps, c.req.valid("param").id)),
  )
  .get("/products", async (c) => c.json(await listAllProducts(c.var.deps)))
  .post("/products", validate("json", adminProductSchema), async (c) =>
    c.json(await createProduct(c.var.deps, c.req.valid("json"), c.var.auth?.user.id), 201),
  )
  .put(
    "/products/:id",
    validate("param", productIdParamSchema),
    validate("json", adminProductUpdateSchema),
    async (c) => {
      const { stock_loaded, ...product } = c.req.valid("json");
      return c.json(
        await updateProduct(c.var.deps, c.req.valid("param").id, product, stock_loaded, c.var.auth?.user.id),
      );
    },
  )
  .route("/products", adminStockRoutes)
  .route("/withdrawals", adminWithdrawalsRoutes)
  .route("/todo", adminTodoRoutes)
  .delete("/products/:id", validate("param", productIdParamSchema), async (c) => {
    await deleteProduct(c.var.deps, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .get("/orders", validate("query", adminOrdersQuerySchema), async (c) =>
    c.json(await listOrders(c.var.deps, c.req.valid("query"))),
  )
  .put("/orders/:id", validate("param", idParam), validate("json", adminOrderUpdateSchema), async (c) =>
    c.json(await updateOrder(c.var.deps, c.req.valid("param").id, c.req.valid("json"))),
  )
  .post("/orders/:id/returns", validate("param", idParam), validate("json", adminReturnSchema), async (c) =>
    c.json(
      await recordReturn(c.var.deps, c.req.valid("param").id, c.req.valid("json"), c.var.auth?.user.id),
      201,
    ),
  )
  .post("/orders/:id/refunds/:refundId/done", validate("param", refundParam), async (c) => {
    const { id, refundId } = c.req.valid("param");
    return c.json(await markRefundDone(c.var.deps, id, refundId));
  })
  .get("/promo", async (c) => c.json(await listPromos(c.var.deps)))
  .post("/promo", validate("json", adminPromoSchema), async (c) =>
    c.json(toAdminPromo(await createPromo(c.var.deps, promoInput(c.req.valid("json")))), 201),
  )
  .put("/promo/:id", validate("param", idParam), validate("json", adminPromoSchema), async (c) =>
    c.json(await updatePromo(c.var.deps, c.req.valid("param").id, promoInput(c.req.valid("json")))),
  )
  .delete("/promo/:id", validate("param", idParam), async (c) => {
    const outcome = await deletePromo(c.var.deps, c.req.valid("param").id);
    if (outcome === "deleted") return c.body(null, 204);
    return c.json({ archived: true, message: PROMO_ARCHIVED_MESSAGE });
  })
  .get("/promo/:id/usage", validate("param", idParam), async (c) =>
    c.json(await promoUsageHistory(c.var.deps, c.req.valid("param").id)),
  )
  .get("/publishing", async (c) => c.json(await sitePublishStatus(c.var.deps)))
  .post("/publishing/retry", async (c) => {
    await markSiteStale(c.var.deps, "Nouvelle tentative demandée par l'administrateur");
    return c.json(await sitePublishStatus(c.var.deps), 202);
  })
  .get("/setup", async (c) => c.json(await currentShopSetup(c.var.deps)))
  .get("/settings", async (c) => c.json(await adminSettings(c.var.deps)))
  .put("/settings/:key", validate("param", settingKeyParam), validate("json", settingBody), async (c) => {
    const key = c.req.valid("param").key as (typeof settingKeys)[number];
    return c.json(await saveSetting(c.var.deps, key, c.req.valid("json").value));
  });

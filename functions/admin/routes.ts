import { Hono } from "hono";
import type * as z from "zod";
import { type adminPromoSchema, promoAmounts } from "../../src/domain/admin/admin";
import type { settingKeys } from "../../src/domain/settings/settings";
import { adminUsersContract } from "../accounts/admin-contract";
import { withSession } from "../accounts/session-middleware";
import { adminProductsContract } from "../catalog/admin-contract";
import { createProduct, deleteProduct, listAllProducts, updateProduct } from "../catalog/service";
import { adminStockRoutes } from "../catalog/stock-routes";
import { adminOrdersContract } from "../orders/admin-contract";
import { sendNewGuestLink } from "../orders/guest/mails";
import { markRefundDone, recordReturn } from "../orders/refunds";
import { refundAtPaypal } from "../payments/paypal-refund";
import type { AppEnv } from "../platform/env";
import { requireAdmin } from "../platform/middleware/admin";
import { route, routesAt } from "../platform/route";
import { adminPromosContract } from "../promos/admin-contract";
import {
  createPromo,
  deletePromo,
  listPromos,
  promoUsageHistory,
  toAdminPromo,
  updatePromo,
} from "../promos/service";
import { adminPublishingContract } from "../publishing/admin-contract";
import { markSiteStale, sitePublishStatus } from "../publishing/publishing";
import { adminSettingsContract } from "../settings/admin-contract";
import { currentShopSetup } from "../settings/shop-setup";
import { adminWithdrawalsRoutes } from "../withdrawals/admin-routes";
import { adminContract } from "./contract";
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
} from "./service";
import { adminTodoRoutes } from "./todo-routes";

const PROMO_ARCHIVED_MESSAGE =
  "Ce code a déjà été utilisé : il est archivé au lieu d'être supprimé. Il ne peut plus être utilisé, et son historique reste consultable.";

function promoInput(input: z.output<typeof adminPromoSchema>) {
  return { ...input, ...promoAmounts(input) };
}

/**
 * `/check` answers anyone; every other route is behind the guard registered right after it, so a route added later
 * is guarded too (tests/integration/admin-guard.test.ts).
 */
export const adminRoutes = routesAt(
  { mount: "/api/admin", area: "admin" },
  new Hono<AppEnv>().use(withSession),
);

route(adminRoutes, adminContract.getAdminCheck, (c) =>
  c.json({ isAdmin: Boolean(c.var.auth?.user.is_admin) }),
);

adminRoutes.use("*", requireAdmin);

route(adminRoutes, adminContract.getAdminStats, async (c) => c.json(await adminStats(c.var.deps)));

route(adminRoutes, adminUsersContract.getAdminUsers, async (c) =>
  c.json(await listUsers(c.var.deps, c.req.valid("query"))),
);

route(adminRoutes, adminUsersContract.getAdminUsersById, async (c) =>
  c.json(await userDetails(c.var.deps, c.req.valid("param").id)),
);

route(adminRoutes, adminUsersContract.deleteAdminUsersByIdMailSuppression, async (c) => {
  await liftUserMailSuppression(c.var.deps, c.req.valid("param").id);
  return c.body(null, 204);
});

route(adminRoutes, adminUsersContract.getAdminUsersByIdSummary, async (c) =>
  c.json(await userSummary(c.var.deps, c.req.valid("param").id)),
);

route(adminRoutes, adminProductsContract.getAdminProducts, async (c) =>
  c.json(await listAllProducts(c.var.deps)),
);

route(adminRoutes, adminProductsContract.postAdminProducts, async (c) =>
  c.json(await createProduct(c.var.deps, c.req.valid("json"), c.var.auth?.user.id), 201),
);

route(adminRoutes, adminProductsContract.putAdminProductsById, async (c) => {
  const { stock_loaded, ...product } = c.req.valid("json");
  return c.json(
    await updateProduct(c.var.deps, c.req.valid("param").id, product, stock_loaded, c.var.auth?.user.id),
  );
});

adminRoutes.route("/products", adminStockRoutes);

adminRoutes.route("/withdrawals", adminWithdrawalsRoutes);

adminRoutes.route("/todo", adminTodoRoutes);

route(adminRoutes, adminProductsContract.deleteAdminProductsById, async (c) => {
  await deleteProduct(c.var.deps, c.req.valid("param").id);
  return c.body(null, 204);
});

route(adminRoutes, adminOrdersContract.getAdminOrders, async (c) =>
  c.json(await listOrders(c.var.deps, c.req.valid("query"))),
);

route(adminRoutes, adminOrdersContract.putAdminOrdersById, async (c) =>
  c.json(await updateOrder(c.var.deps, c.req.valid("param").id, c.req.valid("json"))),
);

route(adminRoutes, adminOrdersContract.postAdminOrdersByIdReturns, async (c) =>
  c.json(
    await recordReturn(c.var.deps, c.req.valid("param").id, c.req.valid("json"), {
      atPaypal: refundAtPaypal,
      adminId: c.var.auth?.user.id,
    }),
    201,
  ),
);

route(adminRoutes, adminOrdersContract.postAdminOrdersByIdRefundsByRefundIdDone, async (c) => {
  const { id, refundId } = c.req.valid("param");
  return c.json(await markRefundDone(c.var.deps, id, refundId));
});

route(adminRoutes, adminOrdersContract.postAdminOrdersByIdGuestLink, async (c) =>
  c.json(await sendNewGuestLink(c.var.deps, c.req.valid("param").id)),
);

route(adminRoutes, adminPromosContract.getAdminPromo, async (c) => c.json(await listPromos(c.var.deps)));

route(adminRoutes, adminPromosContract.postAdminPromo, async (c) =>
  c.json(toAdminPromo(await createPromo(c.var.deps, promoInput(c.req.valid("json")))), 201),
);

route(adminRoutes, adminPromosContract.putAdminPromoById, async (c) =>
  c.json(await updatePromo(c.var.deps, c.req.valid("param").id, promoInput(c.req.valid("json")))),
);

route(adminRoutes, adminPromosContract.deleteAdminPromoById, async (c) => {
  const outcome = await deletePromo(c.var.deps, c.req.valid("param").id);
  if (outcome === "deleted") return c.body(null, 204);
  return c.json({ archived: true, message: PROMO_ARCHIVED_MESSAGE });
});

route(adminRoutes, adminPromosContract.getAdminPromoByIdUsage, async (c) =>
  c.json(await promoUsageHistory(c.var.deps, c.req.valid("param").id)),
);

route(adminRoutes, adminPublishingContract.getAdminPublishing, async (c) =>
  c.json(await sitePublishStatus(c.var.deps)),
);

route(adminRoutes, adminPublishingContract.postAdminPublishingRetry, async (c) => {
  await markSiteStale(c.var.deps, "Nouvelle tentative demandée par l'administrateur");
  return c.json(await sitePublishStatus(c.var.deps), 202);
});

route(adminRoutes, adminSettingsContract.getAdminSetup, async (c) =>
  c.json(await currentShopSetup(c.var.deps)),
);

route(adminRoutes, adminSettingsContract.getAdminSettings, async (c) =>
  c.json(await adminSettings(c.var.deps)),
);

route(adminRoutes, adminSettingsContract.putAdminSettingsByKey, async (c) => {
  const key = c.req.valid("param").key as (typeof settingKeys)[number];
  return c.json(await saveSetting(c.var.deps, key, c.req.valid("json").value));
});

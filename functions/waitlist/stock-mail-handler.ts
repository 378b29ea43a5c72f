import type { AccountMailDeps } from "../accounts/auth";
import { findProduct } from "../catalog/product-reads";
import { lowStockMail } from "../catalog/stock-mails";
import type { StockMailRequest } from "../platform/adapters/account-mail-queue";
import { getSetting } from "../settings/service";
import { notifyWaitlist, signUpForWaitlist } from "./service";

/** None when the owner has not given the shop an e-mail. */
async function sendLowStockAlert(deps: AccountMailDeps, productId: number): Promise<void> {
  const [product, company] = await Promise.all([
    findProduct(deps, productId),
    getSetting(deps, "company_info"),
  ]);
  if (!product) return;
  if (!company.email) {
    console.error(`Low-stock alert for product ${productId}: the shop has no e-mail in its settings.`);
    return;
  }
  await deps.mailer.send(lowStockMail(company.email, company.name, product, `${deps.siteUrl}/admin`));
}

export async function handleStockMail(deps: AccountMailDeps, request: StockMailRequest): Promise<void> {
  switch (request.kind) {
    case "low-stock":
      return sendLowStockAlert(deps, request.product_id);
    case "waitlist-signup":
      return signUpForWaitlist(deps, request.product_id, request.email);
    case "waitlist-restock":
      return void (await notifyWaitlist(deps, request.product_id, request.units));
  }
}

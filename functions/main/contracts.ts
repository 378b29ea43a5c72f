import { adminExportsContract } from "../accounting/contract";
import { adminUsersContract } from "../accounts/admin-contract";
import { authContract } from "../accounts/contract";
import { userContract } from "../accounts/profile-contract";
import { adminContract } from "../admin/contract";
import { adminTodoContract } from "../admin/todo-contract";
import { adminBatchesContract } from "../batches/contract";
import { adminProductsContract } from "../catalog/admin-contract";
import { productsContract } from "../catalog/contract";
import { adminPhotosContract } from "../catalog/photos-contract";
import { adminStockContract } from "../catalog/stock-contract";
import { adminOrdersContract } from "../orders/admin-contract";
import { ordersContract } from "../orders/contract";
import { customerOrdersContract } from "../orders/customer-contract";
import { adminDocumentsContract } from "../orders/documents-contract";
import { guestAccountContract, guestOrdersAttachContract } from "../orders/guest/account/contract";
import { guestDocumentsContract, guestOrdersContract } from "../orders/guest/contract";
import { paypalContract } from "../payments/contract";
import { guestPaypalContract } from "../payments/guest-contract";
import { personalDataContract } from "../personal-data/contract";
import { guestDataContract } from "../personal-data/guest/contract";
import type { Contract, Operation } from "../platform/contract";
import { adminPromosContract } from "../promos/admin-contract";
import { promoContract } from "../promos/contract";
import { adminPublishingContract } from "../publishing/admin-contract";
import { cspReportsContract } from "../publishing/csp-reports-contract";
import { adminSettingsContract } from "../settings/admin-contract";
import { settingsContract } from "../settings/contract";
import { adminShippingContract, pickupPointsContract } from "../shipping/contract";
import { adminWaitlistContract } from "../waitlist/admin-contract";
import { waitlistContract } from "../waitlist/contract";
import { adminWithdrawalsContract } from "../withdrawals/admin-contract";
import { withdrawalsContract } from "../withdrawals/contract";
import type { ApiModuleName } from "./features";
import { openApiContract } from "./openapi-contract";

/** Imports no route module and no service: the docs function builds the document from here alone. */
export const contractsByModule: Record<ApiModuleName, readonly Contract[]> = {
  products: [productsContract],
  settings: [settingsContract],
  "csp-reports": [cspReportsContract],
  openapi: [openApiContract],
  auth: [authContract],
  user: [userContract],
  orders: [ordersContract],
  promo: [promoContract],
  withdrawals: [withdrawalsContract],
  paypal: [paypalContract],
  "guest-orders": [guestOrdersContract],
  "guest-paypal": [guestPaypalContract],
  "guest-documents": [guestDocumentsContract],
  "guest-data": [guestDataContract],
  "guest-account": [guestAccountContract],
  "guest-orders-attach": [guestOrdersAttachContract],
  admin: [
    adminContract,
    adminUsersContract,
    adminProductsContract,
    adminOrdersContract,
    adminPromosContract,
    adminPublishingContract,
    adminSettingsContract,
    adminStockContract,
    adminWithdrawalsContract,
    adminTodoContract,
  ],
  "customer-orders": [customerOrdersContract],
  "admin-documents": [adminDocumentsContract],
  "admin-exports": [adminExportsContract],
  "admin-batches": [adminBatchesContract],
  "admin-photos": [adminPhotosContract],
  "personal-data": [personalDataContract],
  waitlist: [waitlistContract],
  "admin-waitlist": [adminWaitlistContract],
  "admin-shipping": [adminShippingContract],
  "pickup-points": [pickupPointsContract],
};

export const apiOperations: readonly Operation[] = Object.values(contractsByModule).flatMap((contracts) =>
  contracts.flatMap((contract) => Object.values(contract)),
);

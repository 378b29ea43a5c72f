import { userRoutes as userRoutesErasingWith } from "../accounts/profile-routes";
import { adminBatchesRoutes as adminBatchesRoutesRecalling } from "../batches/routes";
import { ordersByIds } from "../orders/service";
import { eraseAccount } from "../personal-data/erase";

/** Route modules that receive another feature's handler are made here, where the features are put together. */
export const userRoutes = userRoutesErasingWith(eraseAccount);
export const adminBatchesRoutes = adminBatchesRoutesRecalling(ordersByIds);

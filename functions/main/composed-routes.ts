import { userRoutes as userRoutesErasingWith } from "../accounts/profile-routes";
import { eraseAccount } from "../personal-data/erase";

/** Route modules that receive another feature's handler are made here, where the features are put together. */
export const userRoutes = userRoutesErasingWith(eraseAccount);

import { userRoutes as userRoutesErasingWith } from "../../accounts/profile-routes";
import { eraseAccount } from "../../personal-data/erase";

/** The profile's routes, given personal-data's erasure. One module per file: a Lambda bundles only its own. */
export const userRoutes = userRoutesErasingWith(eraseAccount);

import { adminBatchesRoutes as adminBatchesRoutesRecalling } from "../../batches/routes";
import { ordersByIds } from "../../orders/service";

/** The lots' routes, given orders' reads for a recall. One module per file: a Lambda bundles only its own. */
export const adminBatchesRoutes = adminBatchesRoutesRecalling(ordersByIds);

/**
 * The review panel's module, reached through this one: the order pages then carry the list of one file to preload
 * rather than the panel's ten, and keep their script budgets.
 */
export const loadOrderReviews = () => import("./OrderReviews");

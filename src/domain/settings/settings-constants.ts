/**
 * Setting values both the server (settings.ts, admin.ts) and the zod-free admin island (settings/admin-settings.ts) need.
 * One place, no dependency, so neither side repeats them.
 */
export const PAYPAL_SANDBOX_URL = "https://api-m.sandbox.paypal.com";
export const DEFAULT_MAINTENANCE_MESSAGE = "Site en maintenance temporaire. Nous serons de retour bientôt!";
/** What the admin sees instead of a stored secret; sending it back keeps the secret unchanged. */
export const SECRET_MASK = "••••••••";

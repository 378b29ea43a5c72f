import {
  COLISSIMO_PASSWORD_CONTEXT,
  LAPOSTE_API_KEY_CONTEXT,
  PAYPAL_SECRET_CONTEXT,
} from "../functions/platform/adapters/secret-contexts";

/**
 * Who may use the shop's secrets' KMS key, and for what (docs/decisions/031): pure data for secrets.ts, api.ts,
 * jobs.ts and the tests. Each grant names one secret's encryption context: a function granted one opens no other.
 */
export type SecretUse = "encrypt" | "decrypt";

export type ShopSecret = "paypal" | "colissimoPassword" | "laposteApiKey";

export const secretContexts: Record<ShopSecret, Readonly<Record<string, string>>> = {
  paypal: PAYPAL_SECRET_CONTEXT,
  colissimoPassword: COLISSIMO_PASSWORD_CONTEXT,
  laposteApiKey: LAPOSTE_API_KEY_CONTEXT,
};

/** The PayPal secret: sealed by the admin's save, opened wherever PayPal is called (orders, refunds). */
export const paypalSecretAreas = {
  admin: ["encrypt", "decrypt"],
  orders: ["decrypt"],
  payments: ["decrypt"],
} as const satisfies Record<string, readonly SecretUse[]>;

/** Jobs that call PayPal, granted `decrypt` where infra/jobs.ts declares them. */
export const paypalSecretJobs = [
  "functions/main/jobs/release-holds",
  "functions/main/jobs/reconcile-paypal",
] as const;

/** Colissimo's password: sealed by the admin (which never opens it: its answers show a mask), opened to buy a label. */
export const colissimoPasswordAreas = {
  admin: ["encrypt"],
  shipping: ["decrypt"],
} as const satisfies Record<string, readonly SecretUse[]>;

/** La Poste's API key: sealed by the same save, opened to read the tracking (the job, and « Actualiser le suivi »). */
export const laposteApiKeyAreas = {
  admin: ["encrypt"],
  shipping: ["decrypt"],
} as const satisfies Record<string, readonly SecretUse[]>;

export const laposteApiKeyJobs = ["functions/main/jobs/track-parcels"] as const;

export const secretAreas: Record<ShopSecret, Partial<Record<string, readonly SecretUse[]>>> = {
  paypal: paypalSecretAreas,
  colissimoPassword: colissimoPasswordAreas,
  laposteApiKey: laposteApiKeyAreas,
};

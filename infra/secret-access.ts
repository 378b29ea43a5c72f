import {
  COLISSIMO_PASSWORD_CONTEXT,
  LAPOSTE_API_KEY_CONTEXT,
  PAYPAL_SECRET_CONTEXT,
} from "../functions/platform/adapters/secret-contexts";

/**
 * Who may use the shop's secrets' KMS key, and for what (docs/decisions/031): pure data, no SST globals, read by
 * `secrets.ts`/`api.ts`/`jobs.ts` to grant it and by the tests (tests/infra/secrets.test.ts: the grants; the Lambda
 * budget test: each function whose code seals or opens a secret is listed here, and only those).
 * The one key seals several secrets, each under its own encryption context (secret-contexts.ts), and each grant names
 * one context: a function granted one secret opens no other.
 */
export type SecretUse = "encrypt" | "decrypt";

/** The secrets the key seals, by the name their grants carry. */
export type ShopSecret = "paypal" | "colissimoPassword" | "laposteApiKey";

/** The encryption context of each secret: a grant is constrained to exactly one of these. */
export const secretContexts: Record<ShopSecret, Readonly<Record<string, string>>> = {
  paypal: PAYPAL_SECRET_CONTEXT,
  colissimoPassword: COLISSIMO_PASSWORD_CONTEXT,
  laposteApiKey: LAPOSTE_API_KEY_CONTEXT,
};

/**
 * The PayPal client secret:
 * - `encrypt`: saving Paramètres seals a new secret (services/admin.ts): the admin function only;
 * - `decrypt`: calling PayPal opens it (services/paypal-client.ts): PayPal orders, the withdrawal's PayPal refund,
 *   the owner's refunds and cancellations, and the jobs settling PayPal holds.
 * API areas (functions/platform/areas.ts) and what each does with it.
 */
export const paypalSecretAreas = {
  admin: ["encrypt", "decrypt"],
  orders: ["decrypt"],
  payments: ["decrypt"],
} as const satisfies Record<string, readonly SecretUse[]>;

/**
 * Scheduled jobs (functions/<feature>/jobs/<name>.ts, declared in infra/jobs.ts) that call PayPal and so must be
 * granted `decrypt` with `grantPaypalSecret` (infra/secrets.ts): releasing holds, the nightly reconciliation.
 */
export const paypalSecretJobs = [
  "functions/payments/jobs/release-holds",
  "functions/payments/jobs/reconcile-paypal",
] as const;

/**
 * Colissimo's contract password (functions/shipping/colissimo-secrets.ts):
 * - `encrypt`: saving the « Colissimo » card of Paramètres seals it (saveColissimoSetting, from services/admin.ts):
 *   the admin function, which never opens it (its answers show a mask);
 * - `decrypt`: buying a label opens it (functions/shipping/labels/input.ts): the shipping function only.
 */
export const colissimoPasswordAreas = {
  admin: ["encrypt"],
  shipping: ["decrypt"],
} as const satisfies Record<string, readonly SecretUse[]>;

/**
 * La Poste's API key: sealed by the same save. Opened to read the parcels' tracking: by the scheduled job
 * (laposteApiKeyJobs, granted `decrypt` where infra/jobs.ts declares it), and by the shipping function when the owner
 * clicks « Actualiser le suivi » (functions/shipping/tracking.ts, the same read).
 */
export const laposteApiKeyAreas = {
  admin: ["encrypt"],
  shipping: ["decrypt"],
} as const satisfies Record<string, readonly SecretUse[]>;

/** Scheduled jobs that call La Poste's tracking API and so open its key (functions/shipping/tracking.ts). */
export const laposteApiKeyJobs = ["functions/shipping/jobs/track-parcels"] as const;

/** Every secret's API areas and uses, for infra/api.ts. */
export const secretAreas: Record<ShopSecret, Partial<Record<string, readonly SecretUse[]>>> = {
  paypal: paypalSecretAreas,
  colissimoPassword: colissimoPasswordAreas,
  laposteApiKey: laposteApiKeyAreas,
};

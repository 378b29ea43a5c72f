/**
 * Who may use the PayPal secret's KMS key, and for what (docs/decisions/031): pure data, no SST globals, read by
 * `secrets.ts`/`api.ts` to grant it and by the tests (tests/infra/secrets.test.ts: the grants; the Lambda budget test:
 * each function whose code seals or opens the secret is listed here, and only those).
 * - `encrypt`: saving Paramètres seals a new secret (services/admin.ts): the admin function only;
 * - `decrypt`: calling PayPal opens it (services/paypal-client.ts): PayPal orders, the withdrawal's PayPal refund,
 *   the owner's refunds and cancellations, and the jobs settling PayPal holds.
 */
export type SecretUse = "encrypt" | "decrypt";

/** API areas (functions/platform/areas.ts) and what each does with the PayPal secret's key. */
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

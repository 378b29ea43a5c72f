/**
 * The encryption contexts of the shop's sealed secrets (adapters/secret-box.ts): pure data, read by the services that
 * seal and open and by infra/secrets.ts, whose KMS grants allow exactly these contexts (docs/decisions/031).
 * Non-secret names: KMS writes them in CloudTrail.
 */
export const PAYPAL_SECRET_CONTEXT = { shop_setting: "payment_paypal.client_secret" } as const;

/**
 * The encryption contexts of the shop's sealed secrets (adapters/secret-box.ts): pure data, read by the services that
 * seal and open and by infra/secrets.ts, whose KMS grants allow exactly these contexts (docs/decisions/031).
 * Non-secret names: KMS writes them in CloudTrail.
 */
export const PAYPAL_SECRET_CONTEXT = { shop_setting: "payment_paypal.client_secret" } as const;

/** Colissimo's contract password and La Poste's API key (the « Colissimo » settings card, issue 31). */
export const COLISSIMO_PASSWORD_CONTEXT = { shop_setting: "shipping_colissimo.password" } as const;
export const LAPOSTE_API_KEY_CONTEXT = { shop_setting: "shipping_colissimo.api_key" } as const;

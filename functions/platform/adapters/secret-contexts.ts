/** Pure data: infra/secrets.ts grants exactly these contexts. Non-secret: KMS writes them in CloudTrail. */
export const PAYPAL_SECRET_CONTEXT = { shop_setting: "payment_paypal.client_secret" } as const;

export const COLISSIMO_PASSWORD_CONTEXT = { shop_setting: "shipping_colissimo.password" } as const;
export const LAPOSTE_API_KEY_CONTEXT = { shop_setting: "shipping_colissimo.api_key" } as const;

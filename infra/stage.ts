/**
 * Facts about the stage being deployed. Deploy-time settings come from the environment of `sst deploy` (SHOP_DOMAIN,
 * SHOP_SITE_URL, SHOP_EMAIL_SENDER, SHOP_ALERT_EMAIL, SHOP_LAMBDA_CONCURRENCY_QUOTA: README.md), so no stage-specific
 * value is committed.
 */

export const isProduction = $app.stage === "production";

function setting(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

export const domain: string | undefined = isProduction ? setting("SHOP_DOMAIN") : undefined;

/** Links in e-mails point here: configured, never taken from a request's Host header. */
export const siteUrl: string | undefined =
  setting("SHOP_SITE_URL") ?? (domain ? `https://${domain}` : undefined);
if (isProduction && !siteUrl) {
  throw new Error('Stage "production": set SHOP_DOMAIN (or SHOP_SITE_URL) so e-mails can link to the shop.');
}

export const emailSender: string = (() => {
  const sender = setting("SHOP_EMAIL_SENDER") ?? domain;
  if (!sender) {
    throw new Error(
      `Stage "${$app.stage}": set SHOP_EMAIL_SENDER to the address or domain the shop sends mail from ` +
        "(SES identity), e.g. SHOP_EMAIL_SENDER=boutique@example.fr npx sst deploy --stage " +
        $app.stage,
    );
  }
  return sender;
})();

/** Undefined: the to-do list only. */
export const alertEmail: string | undefined = (() => {
  const address = setting("SHOP_ALERT_EMAIL");
  if (address && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))
    throw new Error(`SHOP_ALERT_EMAIL="${address}" is not an e-mail address.`);
  if (!address && isProduction)
    console.warn(
      'Stage "production" without SHOP_ALERT_EMAIL: the alarms only reach the to-do list, nobody is e-mailed.',
    );
  return address;
})();

/** The account's Lambda concurrency quota, when the deploy says it (infra/concurrency.ts). */
export const lambdaConcurrencyQuota: number | undefined = (() => {
  const value = setting("SHOP_LAMBDA_CONCURRENCY_QUOTA");
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value))
    throw new Error(`SHOP_LAMBDA_CONCURRENCY_QUOTA="${value}" is not a number of concurrent executions.`);
  return Number(value);
})();

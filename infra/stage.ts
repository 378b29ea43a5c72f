/**
 * Facts about the stage being deployed, shared by every infra file. Deploy-time settings come from the environment
 * of `sst deploy`, so no stage-specific value is committed:
 * - `SHOP_DOMAIN` (production only): the shop's domain, e.g. `savon-alep.fr`. Its Route 53 hosted zone must exist
 *   in the account; the Router gets the certificate and `www.` redirects to it. Without it, and on every other
 *   stage, the shop answers on the Router's CloudFront URL.
 * - `SHOP_SITE_URL`: the shop's public origin for links in e-mails (password reset), when it is not
 *   `https://SHOP_DOMAIN`. Required in production; on other stages, reset mails fail until it is set (for example
 *   to the Router URL printed by the first deploy).
 * - `SHOP_EMAIL_SENDER`: the SES identity mails are sent from, an address (`boutique@example.fr`, verified through
 *   the link SES mails to it) or a domain (verified through DNS records in Route 53). Defaults to `SHOP_DOMAIN`.
 * - `SHOP_ALERT_EMAIL`: where the alarms go (infra/alarms.ts): a failing function or job, messages given up in a
 *   dead-letter queue, a failed publish, the SES bounce or complaint rate. SNS mails a confirmation link to it on the
 *   first deploy, and nothing is delivered before it is clicked. Unset, the alarms still exist and still put their
 *   problem at the top of the owner's to-do list (Statistiques), but nobody is e-mailed: fine for a test stage, not
 *   for the shop (a deploy of "production" without it prints a warning).
 * - `SHOP_LAMBDA_CONCURRENCY_QUOTA`: the account's Lambda concurrency quota in the region, as
 *   `aws lambda get-account-settings` prints it (`AccountLimit.ConcurrentExecutions`). When it leaves Lambda's 100
 *   unreserved executions besides the API's reservations (infra/concurrency.ts), each API function gets its reserved
 *   concurrency; unset or too small (a new account's quota is often 10), none, and a warning says what to ask AWS for.
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

/** The owner's (or the maintainer's) address for the alarms; undefined: the to-do list only. */
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

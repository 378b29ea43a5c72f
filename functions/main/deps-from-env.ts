import { type AccountMailDeps, sendPasswordReset, sendSigninLockNotice } from "../accounts/auth";
import { isSuppressed } from "../mail/suppressions";
import { inProcessAccountMail } from "../platform/adapters/account-mail-queue";
import { systemClock } from "../platform/adapters/clock";
import { mailerFromEnv, suppressingMailer } from "../platform/adapters/mail";
import { documentsStorageFromEnv, storageFromEnv } from "../platform/adapters/object-storage";
import { secretBoxFromEnv } from "../platform/adapters/secret-box";
import { sqsAccountMail } from "../platform/adapters/sqs-account-mail";
import { sqsSitePublisher } from "../platform/adapters/sqs-site-publisher";
import { dbConfigFromEnv } from "../platform/db/client";
import { createDb } from "../platform/db/service";
import type { Deps } from "../platform/deps";
import { PUBLIC_READ_CACHE_MS } from "../platform/middleware/public-read";
import { SETTINGS_CACHE_MS } from "../settings/service";
import { handleStockMail } from "../waitlist/stock-mail-handler";

/** The publishing queue's URL (infra/publish-queue.ts); set on AWS, where edits publish through it. */
export const SITE_PUBLISH_QUEUE_URL = "SITE_PUBLISH_QUEUE_URL";
/** The account mail queue's URL (infra/account-mail.ts); set on AWS for the accounts and orders functions. */
export const ACCOUNT_MAIL_QUEUE_URL = "ACCOUNT_MAIL_QUEUE_URL";

let deps: Deps | undefined;

/** Dependencies from the environment, built once per process (a Lambda's cold start). */
export function depsFromEnv(env: NodeJS.ProcessEnv = process.env): Deps {
  if (deps) return deps;
  const queueUrl = env[SITE_PUBLISH_QUEUE_URL]?.trim();
  const accountMailQueueUrl = env[ACCOUNT_MAIL_QUEUE_URL]?.trim();
  const db = createDb(dbConfigFromEnv(env));
  const base: AccountMailDeps = {
    db,
    clock: systemClock,
    // Never to an address SES refused (issue 27: permanent bounces, complaints).
    mailer: suppressingMailer(mailerFromEnv(env), (to) => isSuppressed({ db }, to)),
    siteUrl: (env.SITE_URL ?? "").replace(/\/+$/, ""),
  };
  deps = {
    ...base,
    // Settings re-read at most every few seconds per container (an order reads none while its copy is fresh).
    settingsCacheMs: SETTINGS_CACHE_MS,
    // Without the queue (a scheduled job, a function not given it), in this process: the Lambda then waits for the
    // mail before returning (settlingBackgroundSends). Any stock change may owe a stock alert or waitlist mails
    // (a job releasing a hold, cancelling an unpaid transfer), so those are handled here too. Order confirmations
    // need the queue (the orders function has it: tests/infra/account-mail.test.ts); without it one is logged as not
    // sent: handling them here would put the order mail's code in every function's bundle.
    accountMail: accountMailQueueUrl
      ? sqsAccountMail(accountMailQueueUrl)
      : inProcessAccountMail((request) => {
          if (request.kind === "password-reset") return sendPasswordReset(base, request.email);
          if (request.kind === "signin-locked") return sendSigninLockNotice(base, request.email);
          if (request.kind === "order-confirmation" || request.kind === "guest-data-link")
            return Promise.reject(
              new Error(`no account mail queue here (${ACCOUNT_MAIL_QUEUE_URL} is not set)`),
            );
          return handleStockMail(base, request);
        }),
    ...(queueUrl ? { publisher: sqsSitePublisher(queueUrl) } : {}),
    media: storageFromEnv(env),
    // The private documents bucket (infra/documents.ts): named to the shipping function only, which alone may use it.
    documents: documentsStorageFromEnv(env),
    // The shop's secrets' KMS key (infra/secrets.ts): the admin function seals, those calling PayPal or Colissimo open.
    secrets: secretBoxFromEnv(env),
    // One database read per public path and second per container, whatever the traffic the CDN lets through.
    publicReadCacheMs: PUBLIC_READ_CACHE_MS,
  };
  return deps;
}

/**
 * Wraps a Lambda handler so it returns only once what its invocation handed to the background is sent: publish
 * requests and account mail requests. Lambda freezes the process when the handler's promise settles, and a message
 * still in flight would wait for the next invocation, or never leave. Costs nothing when nothing was handed over.
 */
export function settlingBackgroundSends<Args extends unknown[], Result>(
  handler: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await handler(...args);
    } finally {
      await Promise.all([deps?.publisher?.flush?.(), deps?.accountMail.flush()]);
    }
  };
}

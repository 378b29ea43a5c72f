import type { AccountMailQueue } from "./adapters/account-mail-queue";
import type { Clock } from "./adapters/clock";
import type { Mailer } from "./adapters/mail";
import type { ObjectStorage } from "./adapters/object-storage";
import type { SecretBox } from "./adapters/secret-box";
import type { SitePublisher } from "./adapters/site-publisher";
import type { Db } from "./db/service";

/** What every use case needs, built once per process (Lambda cold start, local server, test file). */
export interface Deps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** The shop's public origin (links in e-mails); configured, never taken from a request's Host header. */
  siteUrl: string;
  /**
   * Session cookies carry `Secure` (the default). Only a local shop opened to the local network over plain HTTP
   * (`HOST=0.0.0.0 npm start`, to try it from a phone) sets this to false: browsers drop Secure cookies there.
   */
  secureCookies?: boolean;
  /** Rebuilds the prebuilt pages after an edit they print (absent: nothing publishes, e.g. scripts and most tests). */
  publisher?: SitePublisher;
  /**
   * Account mails sent after the answer (the reset link): in-process locally, a queue on AWS. A route whose answer
   * must not tell whether an account exists hands the work over here instead of doing it.
   */
  accountMail: AccountMailQueue;
  /**
   * How long (ms) the public reads (catalogue, public settings) are kept in this process's memory
   * (functions/platform/middleware/public-read.ts); unset or 0: every read goes to the database (tests, scripts).
   */
  publicReadCacheMs?: number;
  /**
   * How long `getSettings` may answer from what this process read (ms; absent or 0: every call reads). On in the
   * Lambdas (SETTINGS_CACHE_MS); off under `npm start`, whose table the end-to-end tests and scripts write behind
   * its back, and in tests unless the test is about the cache.
   */
  settingsCacheMs?: number;
  /** Where product photos are stored (decision record 019); absent where uploads are not possible (503). */
  media?: ObjectStorage;
  /**
   * Where the shop's private documents are kept (Colissimo's label PDFs: customers' names and addresses; decision
   * record 027): a private bucket on AWS, set on the shipping function only; `<DATA_DIR>/documents` locally. Absent:
   * this process can neither store nor read them.
   */
  documents?: ObjectStorage;
  /**
   * Seals and opens the shop's secrets: PayPal's (services/paypal-secret.ts, docs/decisions/031) and Colissimo's
   * (shipping/colissimo-secrets.ts). A KMS key on AWS, each function granted only the operations and encryption
   * contexts its code needs (infra/secret-access.ts): the admin function seals, the functions calling PayPal or
   * Colissimo open their own secret; a key file of the
   * data folder locally. Absent: this process can do neither.
   */
  secrets?: SecretBox;
}

/** What the data-only use cases need (catalogue, settings, seed): usable from scripts without a mailer. */
export type DataDeps = Pick<Deps, "db" | "clock" | "settingsCacheMs" | "secrets">;

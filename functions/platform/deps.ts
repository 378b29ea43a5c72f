import type { AccountMailQueue } from "./adapters/account-mail-queue";
import type { Clock } from "./adapters/clock";
import type { Mailer } from "./adapters/mail";
import type { ObjectStorage } from "./adapters/object-storage";
import type { SecretBox } from "./adapters/secret-box";
import type { SitePublisher } from "./adapters/site-publisher";
import type { Db } from "./db/service";

export interface Deps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Configured, never taken from a request's Host header. */
  siteUrl: string;
  /** False only for a local shop opened to the network over plain HTTP: browsers drop Secure cookies there. */
  secureCookies?: boolean;
  publisher?: SitePublisher;
  /** After the answer (in-process locally, a queue on AWS), so the answer does not tell whether an account exists. */
  accountMail: AccountMailQueue;
  publicReadCacheMs?: number;
  /** Off under npm start, whose table the end-to-end tests and scripts write behind its back. */
  settingsCacheMs?: number;
  media?: ObjectStorage;
  /** Colissimo's label PDFs, customers' names and addresses: a private bucket on AWS. */
  documents?: ObjectStorage;
  /**
   * Seals and opens PayPal's and Colissimo's secrets: a KMS key on AWS, each function granted only the operations and
   * encryption contexts its code needs (infra/secret-access.ts); a key file locally.
   */
  secrets?: SecretBox;
}

export type DataDeps = Pick<Deps, "db" | "clock" | "settingsCacheMs" | "secrets">;

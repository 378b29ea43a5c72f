/**
 * Abuse limits: at most `max` attempts in any `windowMinutes`, each counted BEFORE it is judged
 * (docs/decisions/011-abuse-limits.md); `functions/platform/throttle.ts` does the DynamoDB part. An attempt ADDs 1 to
 * its bucket, then reads the buckets on both sides: reading after one's own ADD is what keeps parallel attempts from
 * getting more than `max` through, including across a bucket's end.
 */
export interface RateLimitRule {
  max: number;
  windowMinutes: number;
  /** The French message of the 429 (errors.ts' RATE_LIMITED message when absent). */
  message?: string;
}

export const BUCKETS_PER_WINDOW = 15;

/** Per e-mail and client address; other addresses stay free, so an attacker cannot lock the owner out (decision 033). */
export const SIGNIN_MAX_FAILURES = 10;
export const SIGNIN_WINDOW_MINUTES = 15;
/** Per account, whatever the address: past it the account is locked until the holder resets the password. */
export const SIGNIN_MAX_FAILURES_PER_ACCOUNT = 100;
export const SIGNIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY = 300;
export const SIGNIN_MAX_FAILURES_PER_ADDRESS = 30;
export const RESET_MAILS_PER_HOUR = 3;

export const rateLimits = {
  signinPerPair: { max: SIGNIN_MAX_FAILURES, windowMinutes: SIGNIN_WINDOW_MINUTES },
  signinPerAccount: { max: SIGNIN_MAX_FAILURES_PER_ACCOUNT, windowMinutes: SIGNIN_WINDOW_MINUTES },
  signinPerAccountPerDay: { max: SIGNIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY, windowMinutes: 24 * 60 },
  signinPerAddress: { max: SIGNIN_MAX_FAILURES_PER_ADDRESS, windowMinutes: SIGNIN_WINDOW_MINUTES },
  resetMailsPerEmail: { max: RESET_MAILS_PER_HOUR, windowMinutes: 60 },
  signupPerAddress: {
    max: 50,
    windowMinutes: 60,
    message: "Trop de créations de compte depuis cette connexion. Réessayez dans une heure.",
  },
  /** Reset requests per client address, whatever the e-mail (the answer never says whether an account exists). */
  resetRequestsPerAddress: { max: 20, windowMinutes: 15 },
  passwordChecksPerUser: {
    max: 10,
    windowMinutes: 15,
    message: "Trop de tentatives avec un mot de passe actuel incorrect. Réessayez dans un quart d'heure.",
  },
  /** Each export renders every invoice of the account. */
  dataExportsPerUser: {
    max: 5,
    windowMinutes: 60,
    message: "Vous avez déjà demandé plusieurs exports de vos données : réessayez dans une heure.",
  },
  /** CSP reports are logged, so bounded. */
  cspReports: {
    max: 100,
    windowMinutes: 10,
    message: "Trop de rapports envoyés depuis cette connexion. Réessayez dans quelques minutes.",
  },
  /** Each pick-up point search calls La Poste with the shop's contract, so a script cannot spend it. */
  pickupSearches: {
    max: 30,
    windowMinutes: 10,
    message: "Trop de recherches de points relais depuis cette connexion. Réessayez dans quelques minutes.",
  },
  /** Each guest order holds stock until paid or released, and no sign-up limit stands before it. */
  guestOrdersPerAddress: {
    max: 30,
    windowMinutes: 60,
    message:
      "Trop de commandes sans compte depuis cette connexion. Réessayez dans une heure, ou connectez-vous pour commander.",
  },
  /** Anyone may type anyone's e-mail (decision 049): past the limit only the mail is not sent. */
  guestConfirmationsPerEmail: { max: 3, windowMinutes: 60 },
  guestConfirmationsPerEmailPerDay: { max: 6, windowMinutes: 24 * 60 },
  promoChecks: {
    max: 20,
    windowMinutes: 10,
    message: "Trop de vérifications de codes promo. Réessayez dans quelques minutes.",
  },
  /** The order number + e-mail pair must not be guessable by trying (docs/decisions/014-withdrawal.md). */
  withdrawalLookups: {
    max: 20,
    windowMinutes: 15,
    message: "Trop de recherches de commande depuis cette connexion. Réessayez dans un quart d'heure.",
  },
  waitlistRequestsPerAddress: {
    max: 10,
    windowMinutes: 60,
    message: "Trop de demandes d'alerte depuis cette connexion. Réessayez dans une heure.",
  },
  waitlistMailsPerEmail: { max: 3, windowMinutes: 60 },
  /** An order holds a few products: more writes than that in an hour is not a customer reviewing them. */
  reviewWrites: {
    max: 20,
    windowMinutes: 60,
    message: "Trop d'avis envoyés en peu de temps. Réessayez dans une heure.",
  },
  reviewReportsPerAddress: {
    max: 5,
    windowMinutes: 24 * 60,
    message: "Vous avez déjà signalé plusieurs avis aujourd'hui. Réessayez demain.",
  },
} as const satisfies Record<string, RateLimitRule>;

export function bucketLength(rule: RateLimitRule): number {
  return (rule.windowMinutes * 60_000) / BUCKETS_PER_WINDOW;
}

export function bucketOf(rule: RateLimitRule, atMs: number): number {
  return Math.floor(atMs / bucketLength(rule));
}

export function bucketStart(rule: RateLimitRule, bucket: number): number {
  return bucket * bucketLength(rule);
}

export function bucketsAround(bucket: number): { first: number; last: number } {
  return { first: bucket - BUCKETS_PER_WINDOW, last: bucket + BUCKETS_PER_WINDOW };
}

export interface BucketCount {
  bucket: number;
  count: number;
}

export interface Judgement {
  allowed: boolean;
  /** When refused: seconds until an attempt would be judged again (at least 1). */
  retryAfterSeconds: number;
}

/** `rank` is what the ADD answered (this attempt included); its own bucket in `others` is ignored. */
export function judgeAttempt(
  rule: RateLimitRule,
  nowMs: number,
  bucket: number,
  rank: number,
  others: readonly BucketCount[],
): Judgement {
  const { first, last } = bucketsAround(bucket);
  const around = others.filter((o) => o.bucket !== bucket && o.bucket >= first && o.bucket <= last);
  const total = rank + around.reduce((sum, o) => sum + o.count, 0);
  if (total <= rule.max) return { allowed: true, retryAfterSeconds: 0 };

  // Refused: this attempt gives its 1 back.
  const counts = [...around, { bucket, count: rank - 1 }];
  for (let next = bucket + 1; next <= last + BUCKETS_PER_WINDOW + 1; next++) {
    const window = bucketsAround(next);
    const held = counts
      .filter((c) => c.bucket >= window.first && c.bucket <= window.last)
      .reduce((sum, c) => sum + c.count, 0);
    if (held + 1 <= rule.max) {
      return { allowed: false, retryAfterSeconds: secondsUntil(bucketStart(rule, next), nowMs) };
    }
  }
  return { allowed: false, retryAfterSeconds: secondsUntil(nowMs + 2 * rule.windowMinutes * 60_000, nowMs) };
}

function secondsUntil(atMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((atMs - nowMs) / 1000));
}

/** IPv4 as is; IPv6 by its /64, since one subscriber commonly holds a whole /64 and could switch at will. */
export function clientAddressKey(address: string | null | undefined): string {
  const raw = (address ?? "").trim().toLowerCase().replace(/%.*$/, "");
  if (!raw) return "unknown";
  const mapped = /^(?:::ffff:|0:0:0:0:0:ffff:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(raw);
  if (mapped?.[1]) return mapped[1];
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(raw)) return raw;
  const groups = ipv6Groups(raw);
  if (!groups) return raw.slice(0, 64);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

function ipv6Groups(address: string): string[] | null {
  if (!/^[0-9a-f:.]+$/.test(address) || !address.includes(":")) return null;
  let text = address;
  // An embedded IPv4 (64:ff9b::1.2.3.4) stands for the last two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return null;
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16).toString(16));
}

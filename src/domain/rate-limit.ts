/**
 * Abuse limits: at most `max` counted attempts in any `windowMinutes`, each attempt counted BEFORE it is judged
 * (docs/decisions/011-abuse-limits.md). Pure arithmetic; `functions/platform/throttle.ts` does the DynamoDB part.
 *
 * The window is cut into BUCKETS_PER_WINDOW buckets (a 15-minute window has 1-minute buckets). An attempt
 * 1. adds 1 to its own bucket's counter: one atomic ADD, which answers the new count, i.e. its rank in the bucket;
 * 2. then reads the counters of the BUCKETS_PER_WINDOW buckets on each side of its own (one consistent query);
 * 3. is refused when its rank plus those counts exceeds `max`. A refused attempt gives its 1 back, and so does an
 *    attempt the limit does not mean to count (a successful sign-in), so the counters hold judged attempts only.
 *
 * Why no parallelism gets more than `max` judged attempts into one window: take judged attempts whose buckets are
 * at most BUCKETS_PER_WINDOW apart (any `windowMinutes`-long span is), and among them the one whose ADD finished
 * last. Its rank counts the others of its bucket; its read, made after its ADD and so after all of theirs, sees the
 * others in the other buckets. It was judged, so they are at most `max`. Reading the buckets after one's own
 * (empty unless a clock runs ahead) is what keeps this true for attempts on both sides of a bucket's end.
 * So there is no burst around a boundary, and a lock lifts between one window and one window plus one bucket after
 * the attempts that caused it.
 */
export interface RateLimitRule {
  max: number;
  windowMinutes: number;
  /** The French message of the 429 (errors.ts' RATE_LIMITED message when absent). */
  message?: string;
}

export const BUCKETS_PER_WINDOW = 15;

/**
 * At most 10 judged sign-ins that fail for one e-mail from one client address in any 15 minutes: past them, that
 * address is refused (429) for that e-mail until the oldest ones are 15 minutes old (the window slides, it is not cut
 * by the clock). Other addresses are not: an attacker cannot lock the owner out
 * (docs/decisions/033-signin-locks.md).
 */
export const SIGNIN_MAX_FAILURES = 10;
export const SIGNIN_WINDOW_MINUTES = 15;
/**
 * Guesses spread over many addresses stay bounded per account: at most 100 failures in any 15 minutes (ten
 * addresses' worth) and 300 in any 24 hours, whatever the addresses; past them the account is locked for everyone
 * until the holder resets the password through the mailed link (decision record 033 gives the reasoning).
 */
export const SIGNIN_MAX_FAILURES_PER_ACCOUNT = 100;
export const SIGNIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY = 300;
/** And at most 30 from one client address in any 15 minutes, so one address cannot try e-mail after e-mail. */
export const SIGNIN_MAX_FAILURES_PER_ADDRESS = 30;
/** At most 3 reset mails per e-mail in any hour. */
export const RESET_MAILS_PER_HOUR = 3;

export const rateLimits = {
  /** Judged sign-ins that did not succeed, per e-mail and client address (unknown e-mails included). */
  signinPerPair: { max: SIGNIN_MAX_FAILURES, windowMinutes: SIGNIN_WINDOW_MINUTES },
  /** The same per e-mail, whatever the address: guesses spread over many addresses (decision record 033). */
  signinPerAccount: { max: SIGNIN_MAX_FAILURES_PER_ACCOUNT, windowMinutes: SIGNIN_WINDOW_MINUTES },
  /** And over a day (15 buckets of 96 minutes). */
  signinPerAccountPerDay: { max: SIGNIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY, windowMinutes: 24 * 60 },
  /** The same, per client address: one address cannot try many e-mails. */
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
  /**
   * Anyone may type anyone's e-mail for a guest order (decision record 049): past the limit the order is placed and
   * its link shown, only the mail is not sent, so a stranger gets at most this many mails into one inbox.
   */
  guestConfirmationsPerEmail: { max: 3, windowMinutes: 60 },
  /** And over a day (15 buckets of 96 minutes). */
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

/** The buckets an attempt in `bucket` reads: BUCKETS_PER_WINDOW before it and after it. */
export function bucketsAround(bucket: number): { first: number; last: number } {
  return { first: bucket - BUCKETS_PER_WINDOW, last: bucket + BUCKETS_PER_WINDOW };
}

export interface BucketCount {
  bucket: number;
  count: number;
}

export interface Judgement {
  allowed: boolean;
  /** When refused: seconds until an attempt would be judged again if nobody tried meanwhile (at least 1). */
  retryAfterSeconds: number;
}

/**
 * The decision for an attempt already counted: `rank` is what the ADD answered for its bucket (this attempt
 * included), `others` what the read found in the buckets around it (its own bucket, if listed, is ignored: the
 * rank is the figure that orders it among the attempts of that bucket).
 */
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

  // Refused: this attempt gives its 1 back. The first later bucket whose own window holds fewer than `max`.
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

/**
 * The subject an address-based limit counts under. IPv4 as is (also when written as IPv4-mapped IPv6); IPv6 by
 * its /64 network, since one subscriber commonly holds a whole /64 and could otherwise switch addresses at will;
 * "unknown" when the runtime gave no address (the API called in-process).
 */
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

/** The eight 16-bit groups of an IPv6 address (hex, no leading zeros), or null when it is not one. */
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

import type { ApiAreaName } from "../functions/main/areas";
import { isProduction, lambdaConcurrencyQuota } from "./stage";

/**
 * Reserved concurrency of the API functions, the only ones with a public URL (why and the numbers:
 * docs/decisions/052-failures-and-rights-on-aws.md). A reservation is the function's share of the account's pool and
 * its cap: a flood of direct calls to one URL throttles that function alone (Lambda answers 429 past the cap, and a
 * function URL takes at most 10 requests a second per unit of concurrency), and never drains the pool the other
 * functions, the jobs and the queues' subscribers run in. Sized for a small shop: a call lasts 20 ms to 2 s, the
 * CDN answers the public reads, so a few concurrent executions carry the busiest day.
 */
export const API_RESERVED_CONCURRENCY: Record<ApiAreaName, number> = {
  // The catalogue and settings behind the CDN's cache, and the browsers' CSP reports.
  catalog: 5,
  // Sign-in, the session read on the pages of a signed-in visitor, the address book.
  accounts: 3,
  orders: 3,
  // Each PayPal call takes up to a second or two.
  payments: 3,
  // The pick-up points searched at checkout, and the owner's labels.
  shipping: 3,
  // The owner alone, a few tabs.
  admin: 2,
  // Invoice PDFs, about a second each.
  documents: 2,
  // The owner's uploads, resized with sharp at 1536 MB, two at a time at most.
  photos: 2,
  accounting: 1,
  lots: 1,
  docs: 1,
};

/** Lambda refuses a reservation that leaves fewer unreserved executions than this (PutFunctionConcurrency). */
export const UNRESERVED_MINIMUM = 100;

export const reservedTotal = Object.values(API_RESERVED_CONCURRENCY).reduce((sum, n) => sum + n, 0);

/** The smallest account quota with which the reservations are accepted. */
export const quotaNeeded = reservedTotal + UNRESERVED_MINIMUM;

/**
 * Reserved only when the deploy says the account's quota (SHOP_LAMBDA_CONCURRENCY_QUOTA, infra/stage.ts) and it
 * leaves Lambda's minimum unreserved: on a new account (a quota of 10) every reservation would be refused and the
 * deploy would fail, so the functions then share the account's pool, as before, and the deploy says what to ask for.
 */
export const reservesConcurrency: boolean =
  lambdaConcurrencyQuota !== undefined && lambdaConcurrencyQuota >= quotaNeeded;

if (!reservesConcurrency && (isProduction || lambdaConcurrencyQuota !== undefined)) {
  console.warn(
    `Stage "${$app.stage}": the API functions get no reserved concurrency ` +
      (lambdaConcurrencyQuota === undefined
        ? "(SHOP_LAMBDA_CONCURRENCY_QUOTA is not set). "
        : `(a quota of ${lambdaConcurrencyQuota} leaves no room for ${reservedTotal} reserved and ${UNRESERVED_MINIMUM} unreserved). `) +
      `Ask AWS for a Lambda concurrency quota of at least ${quotaNeeded} (1000 is the usual one), then deploy with ` +
      "SHOP_LAMBDA_CONCURRENCY_QUOTA set to it (README, Deploying to AWS, 1. Prerequisites).",
  );
}

/** The `concurrency` argument of an API function: its reservation, or nothing. */
export function apiConcurrency(area: ApiAreaName): Pick<sst.aws.FunctionArgs, "concurrency"> {
  return reservesConcurrency ? { concurrency: { reserved: API_RESERVED_CONCURRENCY[area] } } : {};
}

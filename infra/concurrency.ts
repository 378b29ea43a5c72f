import type { ApiAreaName } from "../functions/main/areas";
import { isProduction, lambdaConcurrencyQuota } from "./stage";

/**
 * Reserved concurrency of the API functions, the only ones with a public URL (why and the numbers: docs/decisions/052).
 * A reservation caps the function, so a flood of direct calls throttles it alone and never drains the pool the jobs
 * and subscribers run in.
 */
export const API_RESERVED_CONCURRENCY: Record<ApiAreaName, number> = {
  catalog: 5,
  accounts: 3,
  orders: 3,
  payments: 3,
  shipping: 3,
  admin: 2,
  documents: 2,
  // sharp at 1536 MB, two uploads at a time at most.
  photos: 2,
  accounting: 1,
  lots: 1,
  docs: 1,
};

/** Lambda refuses a reservation that leaves fewer unreserved executions than this (PutFunctionConcurrency). */
export const UNRESERVED_MINIMUM = 100;

export const reservedTotal = Object.values(API_RESERVED_CONCURRENCY).reduce((sum, n) => sum + n, 0);

export const quotaNeeded = reservedTotal + UNRESERVED_MINIMUM;

/**
 * Reserved only when the deploy gives the account's quota and it leaves Lambda's minimum unreserved: on a new account
 * (often a quota of 10) every reservation would be refused and the deploy would fail.
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

export function apiConcurrency(area: ApiAreaName): Pick<sst.aws.FunctionArgs, "concurrency"> {
  return reservesConcurrency ? { concurrency: { reserved: API_RESERVED_CONCURRENCY[area] } } : {};
}

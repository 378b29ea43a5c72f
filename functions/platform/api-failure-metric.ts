/**
 * An unplanned 5xx (not a 503 with Retry-After), as one JSON log line a CloudWatch metric filter counts
 * (infra/alarms.ts): Lambda counts such an answer as a success. Written straight to stdout, unprefixed, so a
 * visitor's text logged through the console (a CSP report) cannot counterfeit it.
 */
export const API_FAILURE_EVENT = "api-unplanned-5xx";

export const apiFailureLine = (status: number, code: string): string =>
  JSON.stringify({ event: API_FAILURE_EVENT, status, code });

export const isUnplannedFailure = (status: number): boolean => status >= 500 && status !== 503;

/** Writes the line on Lambda only (AWS_LAMBDA_FUNCTION_NAME set): npm start and the tests only log the error. */
export function recordApiFailure(status: number, code: string, env: NodeJS.ProcessEnv = process.env): void {
  if (!env.AWS_LAMBDA_FUNCTION_NAME || !isUnplannedFailure(status)) return;
  process.stdout.write(`${apiFailureLine(status, code)}\n`);
}

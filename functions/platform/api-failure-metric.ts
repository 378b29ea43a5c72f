/**
 * An API answer of 5xx that no one planned (not a 503 with Retry-After), written as one JSON log line so a CloudWatch
 * Logs metric filter counts it (infra/alarms.ts): Lambda counts such an answer as a successful invocation. Written
 * straight to stdout, where the Lambda runtime adds no prefix, so the log event is the JSON object itself and the
 * filter's JSON pattern can match it; a visitor's text logged through the console (a CSP report) is prefixed, never
 * a JSON event, and cannot counterfeit it. Pure data and one write: infra/ reads the names.
 */
export const API_FAILURE_EVENT = "api-unplanned-5xx";

/** The log line for one such answer. */
export const apiFailureLine = (status: number, code: string): string =>
  JSON.stringify({ event: API_FAILURE_EVENT, status, code });

/** A 5xx but a planned 503: counted. */
export const isUnplannedFailure = (status: number): boolean => status >= 500 && status !== 503;

/** Writes the line on Lambda only (AWS_LAMBDA_FUNCTION_NAME set): npm start and the tests log the error as before. */
export function recordApiFailure(status: number, code: string, env: NodeJS.ProcessEnv = process.env): void {
  if (!env.AWS_LAMBDA_FUNCTION_NAME || !isUnplannedFailure(status)) return;
  process.stdout.write(`${apiFailureLine(status, code)}\n`);
}

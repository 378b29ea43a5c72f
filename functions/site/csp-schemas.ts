/** Request schemas of routes/csp-reports.ts, that its contract declares (functions/<feature>/*contract.ts). */

/** A report is a few hundred bytes; the Reporting API batches a few. */
export const REPORT_MAX_BYTES = 64 * 1024;

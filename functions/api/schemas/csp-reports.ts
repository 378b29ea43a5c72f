/** Request schemas of routes/csp-reports.ts, shared with its documentation (docs/csp-reports.ts). */

/** A report is a few hundred bytes; the Reporting API batches a few. */
export const REPORT_MAX_BYTES = 64 * 1024;

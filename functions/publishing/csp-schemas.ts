/** A report is a few hundred bytes; the Reporting API batches a few. */
export const REPORT_MAX_BYTES = 64 * 1024;

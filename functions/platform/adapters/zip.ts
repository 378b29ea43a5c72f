/**
 * The two fflate functions the data export uses (personal-data/export.ts), imported lazily through this module:
 * esbuild then keeps only these two in the bundle, and their tables are built when an export is made rather than at
 * every cold start of the documents function.
 */
export { strToU8, zipSync } from "fflate";

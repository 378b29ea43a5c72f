/** Imported lazily: esbuild keeps only these two, and their tables are built at an export, not every cold start. */
export { strToU8, zipSync } from "fflate";

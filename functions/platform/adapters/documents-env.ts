/** The private documents bucket, set on the shipping function only; never served to browsers. */
export const DOCUMENTS_BUCKET = "DOCUMENTS_BUCKET";
export const DOCUMENTS_DIR = "DOCUMENTS_DIR";

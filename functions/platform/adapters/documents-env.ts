/** The private documents bucket (decision record 027), set on the shipping function only; never served to browsers. */
export const DOCUMENTS_BUCKET = "DOCUMENTS_BUCKET";
export const DOCUMENTS_DIR = "DOCUMENTS_DIR";

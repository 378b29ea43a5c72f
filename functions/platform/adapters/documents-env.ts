/**
 * The private documents bucket on AWS (infra/documents.ts: Colissimo's label PDFs, which carry customers' names and
 * addresses; decision record 027 "What is stored"): its name is set on the shipping function only, and read by
 * object-storage.ts (`documentsStorageFromEnv`). Nothing serves it to browsers: the admin routes read it.
 */
export const DOCUMENTS_BUCKET = "DOCUMENTS_BUCKET";
/** A folder instead (npm start and the tests: `<DATA_DIR>/documents`). */
export const DOCUMENTS_DIR = "DOCUMENTS_DIR";

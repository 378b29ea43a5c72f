/** The media bucket's name on AWS (infra/media.ts sets it on the photos function; object-storage.ts reads it). */
export const MEDIA_BUCKET = "MEDIA_BUCKET";
/** Where the bucket's objects sit: the Router sends /media/* to the bucket with its path as the key. */
export const MEDIA_BUCKET_PREFIX = "media/";

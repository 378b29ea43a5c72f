/**
 * The owner's product photos (issue 16, decision record 019): one private S3 bucket. Only CloudFront reads it (the
 * Router serves it under /media, web.ts), only the photos function writes to it (linked in api.ts); nothing is
 * public and no browser talks to S3. Production keeps it when the stage is removed, like the table.
 */
export const mediaBucket = new sst.aws.Bucket("Media", {
  access: "cloudfront",
  // Browsers reach it through the Router, on the site's origin: no CORS.
  cors: false,
});

/** The Router's path for it (router-routes.ts). */
export { MEDIA_ROUTE as mediaRoute } from "./router-routes";

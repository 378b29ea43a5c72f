import { MEDIA_BUCKET_PREFIX } from "../functions/platform/adapters/media-env";
import { cloudfrontReadsOnly } from "./cloudfront-only";

/**
 * The owner's product photos (decision record 019): one private S3 bucket. Only CloudFront reads it (the
 * Router serves it under /media, web.ts), only the photos function writes to it (`mediaPermissions`); nothing is
 * public and no browser talks to S3. Production keeps it when the stage is removed, like the table.
 */
export const mediaBucket = new sst.aws.Bucket("Media", {
  access: "cloudfront",
  // Browsers reach it through the Router, on the site's origin: no CORS.
  cors: false,
  // Read by this account's distributions only (AWS:SourceArn): the Router is declared after this bucket (web.ts
  // routes to it), so its own ARN cannot be named here.
  policy: aws
    .getCallerIdentityOutput({})
    .apply(({ accountId }) => [
      cloudfrontReadsOnly(`arn:aws:cloudfront::${accountId}:distribution/*`, "ArnNotLike"),
    ]),
});

/** The Router's path for it (router-routes.ts). */
export { MEDIA_ROUTE as mediaRoute } from "./router-routes";

/**
 * What the photos function may do there: store a product's variants and delete them (functions/catalog/photos.ts; the
 * keys are `media/products/<id>/…`). Not `link`: SST's link grants `s3:*` on the bucket, its policy included, which
 * would let the function make the bucket public. It never reads one back.
 */
export const mediaPermissions: sst.aws.FunctionPermissionArgs[] = [
  {
    actions: ["s3:PutObject", "s3:DeleteObject"],
    resources: [mediaBucket.arn.apply((arn) => `${arn}/${MEDIA_BUCKET_PREFIX}products/*`)],
  },
];

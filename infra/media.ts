import { MEDIA_BUCKET_PREFIX } from "../functions/platform/adapters/media-env";

/**
 * The owner's product photos (issue 16, decision record 019): one private S3 bucket. Only CloudFront reads it (the
 * Router serves it under /media, web.ts), only the photos function writes to it (`mediaPermissions`); nothing is
 * public and no browser talks to S3. Production keeps it when the stage is removed, like the table.
 */
export const mediaBucket = new sst.aws.Bucket("Media", {
  access: "cloudfront",
  // Browsers reach it through the Router, on the site's origin: no CORS.
  cors: false,
});

/** The Router's path for it: object `media/products/12/<id>-640.webp` answers `/media/products/12/<id>-640.webp`. */
export const mediaRoute = "/media";

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

import { MEDIA_BUCKET_PREFIX } from "../functions/platform/adapters/media-env";
import { cloudfrontReadsOnly } from "./cloudfront-only";

/** The owner's product photos (decision record 019): private, read by CloudFront only, written by the photos function. */
export const mediaBucket = new sst.aws.Bucket("Media", {
  access: "cloudfront",
  cors: false,
  // This account's distributions: the Router is declared after this bucket, so its own ARN cannot be named here.
  policy: aws
    .getCallerIdentityOutput({})
    .apply(({ accountId }) => [
      cloudfrontReadsOnly(`arn:aws:cloudfront::${accountId}:distribution/*`, "ArnNotLike"),
    ]),
});

export { MEDIA_ROUTE as mediaRoute } from "./router-routes";

/** Not `link`: SST's link grants `s3:*`, which would let the function make the bucket public. */
export const mediaPermissions: sst.aws.FunctionPermissionArgs[] = [
  {
    actions: ["s3:PutObject", "s3:DeleteObject"],
    resources: [mediaBucket.arn.apply((arn) => `${arn}/${MEDIA_BUCKET_PREFIX}products/*`)],
  },
];

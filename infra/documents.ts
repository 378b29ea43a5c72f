import { isProduction } from "./stage";

/**
 * The shop's private documents (decision record 027): Colissimo's label PDFs, which carry customers' names and
 * addresses. Not the Media bucket, which the Router serves to anyone: only the shipping function may read here, and
 * the owner downloads a label through the admin route. No `access` (SST's public access block stays fully on), no
 * CORS. Versioning off: a version kept behind would outlive the erasure of the order's personal data. Encrypted by
 * S3's default, no KMS key of ours whose grants would be a second gate to keep in step. Production keeps it and never
 * force-destroys it (labels are kept 10 years with the accounting records, decision record 017).
 */
export const documentsBucket = new sst.aws.Bucket("Documents", {
  cors: false,
  versioning: false,
  transform: { bucket: { forceDestroy: !isProduction } },
});

/**
 * The shipping function's rights under labels/. ListBucket so that a missing key is S3's NoSuchKey, not a 403. Not
 * `link`: SST's link grants `s3:*`, which would let the function that talks to the Internet make the bucket public.
 * It deletes only the purchase's receipt; only an account's erasure removes labels.
 */
export const documentsPermissions: sst.aws.FunctionPermissionArgs[] = [
  {
    actions: ["s3:GetObject", "s3:PutObject"],
    resources: [documentsBucket.arn.apply((arn) => `${arn}/labels/*`)],
  },
  { actions: ["s3:ListBucket"], resources: [documentsBucket.arn] },
  {
    actions: ["s3:DeleteObject"],
    resources: [documentsBucket.arn.apply((arn) => `${arn}/labels/*/bought.json`)],
  },
];

/** An erased account's labels go too: they print the customer's name and address. Delete only. */
export const documentsErasePermissions: sst.aws.FunctionPermissionArgs[] = [
  { actions: ["s3:DeleteObject"], resources: [documentsBucket.arn.apply((arn) => `${arn}/labels/*`)] },
];

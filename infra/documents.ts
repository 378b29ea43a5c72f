import { isProduction } from "./stage";

/**
 * The shop's private documents (decision record 027 "What is stored"): Colissimo's label PDFs, which carry
 * customers' names and addresses, under `labels/<order id>/<tracking number>.pdf`. Not the Media bucket, which the
 * Router serves to anyone: this one has no reader but the shipping function, which alone is given its name and the
 * rights on its objects (api.ts); the owner downloads a label through the admin route, behind the session guard.
 * - No `access`: SST's bucket policy then holds only its deny of plain HTTP, and its public access block stays fully
 *   on (no public ACL, no public policy). No CloudFront: the Router routes nothing to it (web.ts).
 * - No CORS: no browser talks to S3.
 * - Versioning off: a label is written once under its tracking number and never rewritten; it is removed with the
 *   order's personal data (the accounts function's erasure), and a version kept behind would outlive that removal.
 * - Encrypted at rest by S3's default (SSE-S3, on every new object of every bucket since January 2023): no KMS key of
 *   ours, whose grants would be a second gate to keep in step with the IAM rights.
 * - Production keeps it when the stage is removed and Pulumi refuses to delete it (sst.config.ts: removal "retain",
 *   protect), as the table; and, where the table has DynamoDB's deletion protection, the bucket is not force-destroyed
 *   in production: should it ever be deleted, S3 refuses while a label is in it (labels are kept 10 years with the
 *   orders' accounting records, decision record 017). Other stages hold throwaway data: emptied and removed.
 */
export const documentsBucket = new sst.aws.Bucket("Documents", {
  cors: false,
  versioning: false,
  transform: { bucket: { forceDestroy: !isProduction } },
});

/**
 * What the shipping function may do there, under labels/ (every key it writes): store a label, read one back (one, or
 * a day's to merge), and get S3's NoSuchKey for a key with nothing stored, which S3 tells only a role that may list
 * the bucket (otherwise 403 AccessDenied). Not `link`: SST's link grants `s3:*`, bucket policy and public access block
 * included, which would let the function that talks to the Internet make the bucket public. It deletes only the
 * purchase's receipt once the label is recorded (`labels/<order id>/bought.json`, functions/shipping/labels/claim.ts):
 * only an account's erasure removes labels.
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

/**
 * What the accounts function may do there: remove the labels of an account it erases (« Supprimer mon compte »,
 * functions/accounts/personal-data/erase.ts), since they print the customer's name and address. Delete only, and only
 * under labels/: it never reads a label.
 */
export const documentsErasePermissions: sst.aws.FunctionPermissionArgs[] = [
  { actions: ["s3:DeleteObject"], resources: [documentsBucket.arn.apply((arn) => `${arn}/labels/*`)] },
];

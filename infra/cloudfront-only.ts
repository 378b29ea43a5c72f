/**
 * The bucket policy statement that limits a CloudFront-readable bucket to the shop's own distribution. SST's
 * `access: "cloudfront"` allows `s3:GetObject` to the service principal `cloudfront.amazonaws.com` with no condition,
 * which any distribution (of any account) with origin access control matches; AWS's origin access control policy
 * names the distribution in an `AWS:SourceArn` condition. A Deny with that condition, added to SST's statements through
 * the Bucket's `policy`, leaves only the distributions `sourceArn` matches.
 */
export function cloudfrontReadsOnly(
  sourceArn: $util.Input<string>,
  test: "StringNotEquals" | "ArnNotLike" = "StringNotEquals",
) {
  return {
    effect: "deny" as const,
    principals: [{ type: "service" as const, identifiers: ["cloudfront.amazonaws.com"] }],
    actions: ["s3:GetObject"],
    paths: ["*"],
    conditions: [{ test, variable: "AWS:SourceArn", values: [sourceArn] }],
  };
}

import { join } from "node:path";
import { EDGE_KEY_VARIABLE } from "../functions/platform/edge-headers";
import { PUBLISH_TIMEOUT_MS } from "../src/domain/publishing/publishing";
import { functionArgs } from "./api";
import { edgeKey } from "./edge-key";
import { QUEUE_MAX_CONCURRENCY } from "./failure-policy";
import { asyncFailuresArgs } from "./jobs";
import { publishBuildspec, publishBuildVariables } from "./publish-build";
import { publishQueue } from "./publish-queue";
import { writeSourceArchive } from "./source-archive";
import { table, tablePermissions } from "./storage";
import { edgeStore, router, routerDistributionArn, site, siteBuildApiUrl, siteFileOptions } from "./web";

/** Publishing on AWS: docs/decisions/012-publishing.md. */

const siteBucket = site.nodes.assets;
if (!siteBucket) throw new Error("The StaticSite uploads to a bucket of its own: publishing writes to it");

export const sourceBucket = new sst.aws.Bucket("SitePublishSource");
export const sourceKey = "site-source.zip";
const archive = writeSourceArchive($cli.paths.root, join($cli.paths.work, "publish", sourceKey));
new aws.s3.BucketObjectv2("SitePublishSourceArchive", {
  bucket: sourceBucket.name,
  key: sourceKey,
  source: new $util.asset.FileAsset(archive.path),
  contentType: "application/zip",
});

export const buildLogs = new aws.cloudwatch.LogGroup("SitePublishLogs", {
  name: `/aws/codebuild/${$app.name}-${$app.stage}-site-publish`,
  retentionInDays: 30,
});

/**
 * npm's download cache in S3: CodeBuild's local cache survives only on a briefly reused host, and publishes come hours
 * apart; node_modules would be deleted by `npm ci` anyway.
 */
export const buildCachePrefix = "build-cache";

/** A SecureString read at start, so no project setting shows the edge key. */
export const edgeKeyParameter = new aws.ssm.Parameter("SitePublishEdgeKey", {
  name: `/${$app.name}/${$app.stage}/site-publish/edge-key`,
  description: "The Router's edge key, for the site publish build (infra/edge-key.ts)",
  type: "SecureString",
  value: edgeKey.result,
});

const distributionArn = routerDistributionArn;

export const buildRole = new aws.iam.Role("SitePublishBuildRole", {
  description: "CodeBuild: publishes the storefront",
  assumeRolePolicy: {
    Version: "2012-10-17",
    Statement: [
      { Effect: "Allow", Principal: { Service: "codebuild.amazonaws.com" }, Action: "sts:AssumeRole" },
    ],
  },
});
const buildPolicy = new aws.iam.RolePolicy("SitePublishBuildPolicy", {
  role: buildRole.name,
  policy: {
    Version: "2012-10-17",
    Statement: [
      {
        Effect: "Allow",
        Action: ["s3:GetObject", "s3:GetObjectVersion"],
        Resource: sourceBucket.arn.apply((arn) => `${arn}/${sourceKey}`),
      },
      { Effect: "Allow", Action: ["s3:GetBucketLocation", "s3:GetBucketAcl"], Resource: sourceBucket.arn },
      { Effect: "Allow", Action: "s3:ListBucket", Resource: siteBucket.arn },
      {
        Effect: "Allow",
        Action: ["s3:GetObject", "s3:PutObject"],
        Resource: sourceBucket.arn.apply((arn) => `${arn}/${buildCachePrefix}/*`),
      },
      {
        Effect: "Allow",
        Action: ["s3:PutObject", "s3:DeleteObject"],
        Resource: siteBucket.arn.apply((arn) => `${arn}/*`),
      },
      { Effect: "Allow", Action: "cloudfront:CreateInvalidation", Resource: distributionArn },
      { Effect: "Allow", Action: "ssm:GetParameters", Resource: edgeKeyParameter.arn },
      {
        Effect: "Allow",
        Action: [
          "cloudfront-keyvaluestore:DescribeKeyValueStore",
          "cloudfront-keyvaluestore:ListKeys",
          "cloudfront-keyvaluestore:UpdateKeys",
        ],
        Resource: edgeStore.arn,
      },
      {
        Effect: "Allow",
        Action: ["logs:CreateLogStream", "logs:PutLogEvents"],
        Resource: [buildLogs.arn, buildLogs.arn.apply((arn) => `${arn}:*`)],
      },
    ],
  },
});

/** Build and queue timeouts add up to when the dashboard considers a publish dead. */
export const buildTimeoutMinutes = 15;
export const queuedTimeoutMinutes = PUBLISH_TIMEOUT_MS / 60_000 - buildTimeoutMinutes;

const gaMeasurementId = process.env.PUBLIC_GA_MEASUREMENT_ID?.trim();

/** Not ARM: CodeBuild offers ARM_CONTAINER in no Paris region (API reference, ProjectEnvironment). */
export const buildEnvironment = {
  type: "LINUX_CONTAINER",
  computeType: "BUILD_GENERAL1_SMALL",
  image: "aws/codebuild/amazonlinux-x86_64-standard:5.0",
} as const;

export const publishProject = new aws.codebuild.Project(
  "SitePublishBuild",
  {
    description:
      "Publishes the storefront: astro build against the API, upload to the site bucket, invalidation",
    serviceRole: buildRole.arn,
    source: {
      type: "S3",
      location: sourceBucket.name.apply((name) => `${name}/${sourceKey}`),
      buildspec: publishBuildspec(siteFileOptions),
    },
    artifacts: { type: "NO_ARTIFACTS" },
    cache: {
      type: "S3",
      location: sourceBucket.name.apply((name) => `${name}/${buildCachePrefix}`),
    },
    environment: {
      ...buildEnvironment,
      environmentVariables: [
        { name: "SHOP_API_URL", value: siteBuildApiUrl },
        { name: EDGE_KEY_VARIABLE, type: "PARAMETER_STORE", value: edgeKeyParameter.name },
        { name: "SITE_URL", value: router.url },
        { name: publishBuildVariables.bucket, value: siteBucket.name },
        { name: publishBuildVariables.distribution, value: router.distributionID },
        { name: publishBuildVariables.edgeStore, value: edgeStore.arn },
        ...(gaMeasurementId ? [{ name: "PUBLIC_GA_MEASUREMENT_ID", value: gaMeasurementId }] : []),
      ],
    },
    buildTimeout: buildTimeoutMinutes,
    queuedTimeout: queuedTimeoutMinutes,
    concurrentBuildLimit: 1,
    logsConfig: { cloudwatchLogs: { groupName: buildLogs.name } },
  },
  { dependsOn: [buildPolicy] },
);

function jobArgs(handler: string, description: string): sst.aws.FunctionArgs {
  return {
    ...functionArgs(handler, description),
    environment: { TABLE_NAME: table.name, SITE_PUBLISH_PROJECT: publishProject.name },
    permissions: tablePermissions("write"),
  };
}

/** The debounce: messages that find a build running come back after the queue's visibility timeout. */
export const publishBatchWindow = "20 seconds";
export const publishSubscriber = publishQueue.subscribe(
  {
    ...jobArgs(
      "functions/main/jobs/publish-site.handler",
      "Starts one site publish for the requests of the last 20 s",
    ),
    permissions: [
      ...tablePermissions("write"),
      {
        actions: ["codebuild:StartBuild", "codebuild:ListBuildsForProject", "codebuild:BatchGetBuilds"],
        resources: [publishProject.arn],
      },
    ],
  },
  {
    batch: { size: 10, window: publishBatchWindow, partialResponses: true },
    transform: { eventSourceMapping: { scalingConfig: { maximumConcurrency: QUEUE_MAX_CONCURRENCY } } },
  },
);

/** A failed run is retried by Lambda, then sent to JobFailures (jobs.ts). */
export const publishResult = new sst.aws.Function(
  "SitePublishResult",
  asyncFailuresArgs(
    jobArgs("functions/main/jobs/publish-result.handler", "Records how a site publish ended"),
    3600,
  ),
);

export const buildEnded = new aws.cloudwatch.EventRule("SitePublishBuildEnded", {
  description: "A site publish build ended",
  eventPattern: publishProject.name.apply((name) =>
    JSON.stringify({
      source: ["aws.codebuild"],
      "detail-type": ["CodeBuild Build State Change"],
      detail: {
        "project-name": [name],
        "build-status": ["SUCCEEDED", "FAILED", "STOPPED", "TIMED_OUT", "FAULT"],
      },
    }),
  ),
});
new aws.cloudwatch.EventTarget("SitePublishBuildEndedTarget", {
  rule: buildEnded.name,
  arn: publishResult.arn,
});
new aws.lambda.Permission("SitePublishBuildEndedInvoke", {
  action: "lambda:InvokeFunction",
  function: publishResult.name,
  principal: "events.amazonaws.com",
  sourceArn: buildEnded.arn,
});

/**
 * What the publish build runs (CodeBuild, infra/publish.ts). The upload order keeps every visitor on a working site:
 * nothing unless `astro build` succeeded; longest-cached files first; page keys before their files go (never S3's 403);
 * `_astro/` never deleted (cached pages still refer to it); then the CloudFront invalidation.
 */

import { PAGE_KEY_PREFIX, PRODUCT_PAGE_PATH } from "./edge";

export const publishBuildVariables = {
  bucket: "SITE_BUCKET",
  distribution: "SITE_DISTRIBUTION_ID",
  covers: "SITE_PUBLISH_COVERS",
  edgeStore: "SITE_EDGE_STORE",
} as const;

/** Small batches stay far below limits only AWS can confirm (decision record 028). */
export const PAGE_KEYS_PER_UPDATE = 50;

/** A deploy writing SST's keys meanwhile moves the ETag: read it again and resend. */
export const PAGE_KEYS_ATTEMPTS = 5;

/** The AWS CLI: CodeBuild's images carry it, and it signs the KeyValueStore API's SigV4A requests. */
export const productPageKeysProgram = `"use strict";
const { execFileSync } = require("node:child_process");
const { existsSync, readdirSync } = require("node:fs");
const arn = process.env.${"SITE_EDGE_STORE"};
if (!arn) throw new Error("SITE_EDGE_STORE is not set");
const cli = (args) => JSON.parse(execFileSync(process.env.SHOP_AWS_CLI || "aws", [...args, "--output", "json"], { encoding: "utf8" }) || "{}");
const prefix = ${JSON.stringify(`${PAGE_KEY_PREFIX}${PRODUCT_PAGE_PATH}`)};
const folder = ${JSON.stringify(`${"dist"}${PRODUCT_PAGE_PATH}`)};
const built = new Set(existsSync(folder) ? readdirSync(folder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(folder + entry.name + "/index.html"))
  .map((entry) => prefix + entry.name) : []);
const listed = new Set();
let token;
do {
  const page = cli(["cloudfront-keyvaluestore", "list-keys", "--kvs-arn", arn, ...(token ? ["--next-token", token] : [])]);
  for (const item of page.Items || []) if (item.Key.startsWith(prefix)) listed.add(item.Key);
  token = page.NextToken;
} while (token);
const changes = [
  ...[...built].filter((key) => !listed.has(key)).map((key) => ({ put: { Key: key, Value: "1" } })),
  ...[...listed].filter((key) => !built.has(key)).map((key) => ({ del: { Key: key } })),
];
const describe = () => cli(["cloudfront-keyvaluestore", "describe-key-value-store", "--kvs-arn", arn]).ETag;
let etag = describe();
for (let at = 0; at < changes.length; at += ${PAGE_KEYS_PER_UPDATE}) {
  const batch = changes.slice(at, at + ${PAGE_KEYS_PER_UPDATE});
  const puts = batch.filter((change) => change.put).map((change) => change.put);
  const deletes = batch.filter((change) => change.del).map((change) => change.del);
  for (let attempt = 1; ; attempt++) {
    try {
      etag = cli(["cloudfront-keyvaluestore", "update-keys", "--kvs-arn", arn, "--if-match", etag,
        ...(puts.length ? ["--puts", JSON.stringify(puts)] : []), ...(deletes.length ? ["--deletes", JSON.stringify(deletes)] : [])]).ETag;
      break;
    } catch (error) {
      // Another writer (a deploy) moved the ETag: read it again and send the same batch, a bounded number of times.
      const moved = /((ConflictException|ValidationException))/.test(String(error.stderr || ""));
      if (!moved || attempt >= ${PAGE_KEYS_ATTEMPTS}) throw error;
      console.log("The store changed meanwhile: batch " + (at / ${PAGE_KEYS_PER_UPDATE} + 1) + " sent again with its new ETag.");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, attempt * Number(process.env.SHOP_KVS_RETRY_MS || 1000));
      etag = describe();
    }
  }
}
console.log("Product pages at the edge: " + built.size + " built, " + changes.filter((c) => c.put).length + " added, " + changes.filter((c) => c.del).length + " removed.");
`;

/** Base64, so the YAML and the shell see one plain word. */
export const productPageKeysCommand = `echo ${Buffer.from(productPageKeysProgram).toString("base64")} | base64 -d > /tmp/product-page-keys.cjs && node /tmp/product-page-keys.cjs`;

export const publicReadInvalidationPaths = ["/api/products*", "/api/settings*"] as const;

export const buildOutput = "dist";

export interface FileOption {
  files: string | string[];
  cacheControl?: string;
  contentType?: string;
}

/** SST's globs (`**`, `_astro/**`, `**\/*.html`, `sw.js`) as AWS CLI filters, where `*` also matches `/`. */
export function toCliPattern(glob: string): string {
  const pattern = glob.replace(/^\*\*\//, "").replace(/\/\*\*$/, "/*");
  if (pattern === "**") return "*";
  if (pattern.includes("**")) throw new Error(`Cannot upload "${glob}" with the AWS CLI's filters`);
  return pattern;
}

export function cacheLifetime(cacheControl: string | undefined): number {
  if (!cacheControl) return 0;
  if (/\bimmutable\b/.test(cacheControl)) return Number.POSITIVE_INFINITY;
  const maxAge = /\bmax-age=(\d+)/.exec(cacheControl);
  return maxAge ? Number(maxAge[1]) : 0;
}

const quote = (value: string) => `"${value.replace(/(["\\$`])/g, "\\$1")}"`;
const destination = `"s3://$${publishBuildVariables.bucket}"`;

/** Longest-cached first. */
export function uploadCommands(fileOptions: readonly FileOption[]): string[] {
  const patterns = fileOptions.map((option) => [option.files].flat().map(toCliPattern));
  return fileOptions
    .map((option, index) => {
      const filters = [
        "--exclude",
        quote("*"),
        ...(patterns[index] ?? []).flatMap((pattern) => ["--include", quote(pattern)]),
        ...patterns
          .slice(index + 1)
          .flatMap((later) => later.flatMap((pattern) => ["--exclude", quote(pattern)])),
      ];
      const headers = [
        ...(option.cacheControl ? ["--cache-control", quote(option.cacheControl)] : []),
        ...(option.contentType ? ["--content-type", quote(option.contentType)] : []),
      ];
      return {
        lifetime: cacheLifetime(option.cacheControl),
        command: [
          "aws s3 cp",
          buildOutput,
          destination,
          "--recursive --only-show-errors",
          ...filters,
          ...headers,
        ].join(" "),
      };
    })
    .sort((a, b) => b.lifetime - a.lifetime)
    .map(({ command }) => command);
}

export function publishBuildspec(fileOptions: readonly FileOption[]): string {
  const commands = (list: readonly string[]) =>
    list.map((command) => `      - '${command.replace(/'/g, "''")}'`);
  return [
    "version: 0.2",
    "phases:",
    "  install:",
    "    runtime-versions:",
    // CodeBuild "Available runtimes" for standard:5.0; npm ci then installs the project's own Node.
    "      nodejs: 22",
    "    commands:",
    ...commands([
      // Not fatal: the answers then expire on their own (s-maxage), and the build's final invalidation covers them.
      `aws cloudfront create-invalidation --distribution-id "$${publishBuildVariables.distribution}" --paths ${publicReadInvalidationPaths.map((path) => `"${path}"`).join(" ")} || echo "The API's public reads could not be invalidated now: they will be at the end of the publish."`,
      "npm ci --no-audit --no-fund",
    ]),
    "  build:",
    "    commands:",
    ...commands(["npm run build"]),
    "  post_build:",
    "    commands:",
    ...commands([
      // post_build runs even when the build failed: then upload nothing, and fail this phase too.
      '[ "$CODEBUILD_BUILD_SUCCEEDING" = "1" ] || { echo "The build failed: nothing is uploaded, the site stays as it was."; exit 1; }',
      ...uploadCommands(fileOptions),
      productPageKeysCommand,
      `aws s3 sync ${buildOutput} ${destination} --delete --size-only --only-show-errors --exclude "_astro/*"`,
      `aws cloudfront create-invalidation --distribution-id "$${publishBuildVariables.distribution}" --paths "/*"`,
    ]),
    // npm's download cache, kept between builds (infra/publish.ts) so npm ci does not download every package.
    "cache:",
    "  paths:",
    "    - '/root/.npm/**/*'",
    "",
  ].join("\n");
}

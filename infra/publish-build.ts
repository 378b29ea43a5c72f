/**
 * What the publish build runs (CodeBuild, infra/publish.ts): pure strings, so tests/infra can check the order of the
 * upload and its cache headers. The order keeps a visitor from ever getting an error while a publish replaces the site:
 * 1. nothing is uploaded unless `astro build` succeeded;
 * 2. files go longest-cached first (`_astro/`, then other files, then the pages and the service worker that refer to
 *    them): a visitor gets the old page or the new one, and the new one only once what it needs is there;
 * 3. the KeyValueStore learns the product pages built and forgets the others before their files go, so a removed one
 *    opens the product shell, never S3's 403, which the edge cannot repair;
 * 4. `_astro/` is never deleted (pages in browsers and caches still refer to it); other stale files are deleted last;
 * 5. the CloudFront cache is invalidated.
 * The API's public reads are invalidated as the build starts, so the islands read the edit within a minute.
 */

import { PAGE_KEY_PREFIX, PRODUCT_PAGE_PATH } from "./edge";

export const publishBuildVariables = {
  bucket: "SITE_BUCKET",
  distribution: "SITE_DISTRIBUTION_ID",
  /** The newest request the publish covers (functions/publishing/jobs/publish-site.ts sets it on each build). */
  covers: "SITE_PUBLISH_COVERS",
  /** The ARN of the Router's KeyValueStore (infra/web.ts `edgeStore`), where the product pages are listed. */
  edgeStore: "SITE_EDGE_STORE",
} as const;

/** Keys per UpdateKeys call: small batches stay far below limits only AWS can confirm (decision record 028). */
export const PAGE_KEYS_PER_UPDATE = 50;

/**
 * Tries of one UpdateKeys batch: a deploy writing SST's keys meanwhile moves the ETag and the call is refused; the
 * program reads the ETag again and resends, waiting 1, 2, 3... seconds (SHOP_KVS_RETRY_MS).
 */
export const PAGE_KEYS_ATTEMPTS = 5;

/**
 * Keeps the product pages' keys in step with the build, in plain CommonJS with the AWS CLI (CodeBuild's images carry
 * it, and it signs the KeyValueStore API's SigV4A requests). The deploy's keys are never touched. SHOP_AWS_CLI
 * replaces `aws` in tests.
 */
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

/** The buildspec line that runs it (base64, so the YAML and the shell see one plain word). */
export const productPageKeysCommand = `echo ${Buffer.from(productPageKeysProgram).toString("base64")} | base64 -d > /tmp/product-page-keys.cjs && node /tmp/product-page-keys.cjs`;

/** The API's public reads (infra/web.ts `publicReadPaths`) as invalidation paths. */
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

/** One `aws s3 cp` per file option, with exactly the files SST would give its headers, longest-cached first. */
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
    // A runtime the image offers (CodeBuild "Available runtimes" for standard:5.0); npm ci then installs the project's
    // own Node.
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

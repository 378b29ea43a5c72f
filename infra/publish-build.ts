/**
 * What the publish build runs (CodeBuild, infra/publish.ts): pure strings, no SST globals, so tests/infra can check
 * the order of the upload and the cache headers it gives each file.
 *
 * Why this order, so a visitor never gets an error while a publish replaces the site:
 * 1. nothing is uploaded unless `astro build` succeeded (the old site stays whole);
 * 2. files are uploaded longest-cached first: Astro's fingerprinted `_astro/` files (new names, nothing refers to
 *    them yet), then images and other files, then the pages and the service worker, which refer to the others; a
 *    visitor gets the old page or the new one, and the new one only once what it needs is there;
 * 3. `_astro/` is never deleted: pages still in browsers and caches refer to the old files; other files the build no
 *    longer produces (a deleted product's page) are deleted last, and the Router's edge then answers them as it
 *    answers any page never built (infra/edge.ts);
 * 4. the Router's CloudFront cache is invalidated.
 * Before all that, as the build starts, the CDN forgets the API's public reads (issue 18): the catalogue and settings
 * the islands read again after load are the database's within a minute of the edit, not after the whole build.
 */

/** The environment variables the build reads besides the site's own (SHOP_API_URL, SITE_URL). */
export const publishBuildVariables = {
  bucket: "SITE_BUCKET",
  distribution: "SITE_DISTRIBUTION_ID",
  /** The newest request the publish covers (functions/jobs/publish-site.ts sets it on each build). */
  covers: "SITE_PUBLISH_COVERS",
} as const;

/**
 * The API's public reads the CDN keeps (infra/web.ts `publicReadPaths`), as invalidation paths: every product, the
 * catalogue and every public setting. The final `/*` covers them again, with the pages that print them.
 */
export const publicReadInvalidationPaths = ["/api/products*", "/api/settings*"] as const;

/** Where `astro build` writes (astro.config.mjs's default; SHOP_OUT_DIR is unset in the build). */
export const buildOutput = "dist";

/** One file option of the StaticSite (infra/web.ts `siteFileOptions`): SST gives a file the last one matching it. */
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

/** Seconds a cache may keep a file; immutable files longest of all. */
export function cacheLifetime(cacheControl: string | undefined): number {
  if (!cacheControl) return 0;
  if (/\bimmutable\b/.test(cacheControl)) return Number.POSITIVE_INFINITY;
  const maxAge = /\bmax-age=(\d+)/.exec(cacheControl);
  return maxAge ? Number(maxAge[1]) : 0;
}

const quote = (value: string) => `"${value.replace(/(["\\$`])/g, "\\$1")}"`;
const destination = `"s3://$${publishBuildVariables.bucket}"`;

/**
 * One `aws s3 cp` per file option, each uploading exactly the files SST would give that option's headers (its own
 * patterns, minus those of the options listed after it), longest-cached first.
 */
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

/** The buildspec (YAML) of the publish project. */
export function publishBuildspec(fileOptions: readonly FileOption[]): string {
  const commands = (list: readonly string[]) =>
    list.map((command) => `      - '${command.replace(/'/g, "''")}'`);
  return [
    "version: 0.2",
    "phases:",
    "  install:",
    "    runtime-versions:",
    // A runtime the image offers (AWS, CodeBuild user guide, "Available runtimes": nodejs 22 on Amazon Linux 2023
    // x86_64 standard:5.0, the image of infra/publish.ts). npm ci then installs the `node` package, and every npm
    // script runs on the project's own Node 24.
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
      `aws s3 sync ${buildOutput} ${destination} --delete --size-only --only-show-errors --exclude "_astro/*"`,
      `aws cloudfront create-invalidation --distribution-id "$${publishBuildVariables.distribution}" --paths "/*"`,
    ]),
    // npm's download cache (the build runs as root), kept between builds (the project's S3 cache, infra/publish.ts):
    // npm ci then installs from it instead of downloading every package.
    "cache:",
    "  paths:",
    "    - '/root/.npm/**/*'",
    "",
  ].join("\n");
}

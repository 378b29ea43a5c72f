/**
 * Builds an API handler the way SST 4 bundles it and measures its cold import, for the budget test and by hand:
 * `node_modules/.bin/node --import tsx tests/budgets/lambda-bundle.ts [area...]` prints size and median per area.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { type BuildOptions, build, type Metafile } from "esbuild";
import { apiAreas } from "../../functions/main/areas";
import { lambdaEsbuild, lambdaExternal } from "../../infra/lambda-bundle";

const run = promisify(execFile);
export const root = resolve(import.meta.dirname, "../..");

/**
 * A directory for bundles, outside the repository, that still resolves the packages left external (the AWS SDK is
 * the Lambda runtime's, here the lockfile's): its node_modules links to the project's.
 */
export async function bundleDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "lambda-bundles-"));
  await symlink(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface BuiltBundle {
  file: string;
  bytes: number;
  metafile: Metafile;
  errors: unknown[];
}

/** `nodejs.esbuild` of the functions that serve no route (infra/api.ts functionArgs: the jobs): the SDK left out. */
export const jobEsbuild = { external: lambdaExternal, define: {} };

/**
 * esbuild's options as SST 4 bundles a Node function: ESM, minified, names kept, for Node 24, with the function's
 * `nodejs.esbuild` of infra/api.ts (lambdaEsbuild: the SDK left out, the contracts' documentation too but in the docs
 * function).
 */
export function sstBuildOptions(
  entry: string,
  outfile: string,
  esbuild: { external: string[]; define: Record<string, string> },
): BuildOptions & { metafile: true } {
  return {
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    minify: true,
    keepNames: true,
    treeShaking: true,
    mainFields: ["module", "main"],
    external: ["sharp", "pg-native", ...esbuild.external],
    define: esbuild.define,
    // What SST prepends to ESM bundles, so CommonJS dependencies can still require() Node's modules.
    banner: {
      js: 'import { createRequire as topLevelCreateRequire } from "module"; const require = topLevelCreateRequire(import.meta.url);',
    },
    metafile: true,
    logLevel: "silent",
  };
}

/** Bundles functions/main/lambda/<name>.ts as SST does (esbuild, ESM, minified, names kept, Node 24). */
export async function buildLambdaBundle(name: string, dir: string): Promise<BuiltBundle> {
  const file = join(dir, `${name}.mjs`);
  const result = await build(
    sstBuildOptions(resolve(root, `functions/main/lambda/${name}.ts`), file, lambdaEsbuild(name)),
  );
  return { file, bytes: (await stat(file)).size, metafile: result.metafile, errors: result.errors };
}

/**
 * The floor of the cold-import budget: a bundle, made as the handlers' are, of what every data function imports at
 * start anyway and nothing else (the runtime SDK's DynamoDB client and document client, one client built).
 */
export async function buildFloorBundle(dir: string): Promise<string> {
  const entry = join(dir, "floor-entry.mjs");
  const file = join(dir, "floor.mjs");
  await writeFile(
    entry,
    'import { DynamoDBClient } from "@aws-sdk/client-dynamodb";\n' +
      'import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";\n' +
      'export const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "eu-west-3" }));\n',
  );
  // Built exactly as the handlers are, so the two imports differ only by what the handler adds.
  await build(sstBuildOptions(entry, file, jobEsbuild));
  return file;
}

/** The Lambda runtime is Node 24: the project's own copy when installed, else the Node running this. */
export const node24 = existsSync(join(root, "node_modules/.bin/node"))
  ? join(root, "node_modules/.bin/node")
  : process.execPath;

// What a cold start evaluates before the first request: the bundle's module graph, timed from inside the process
// (the runtime's own start is not ours). No AWS_LAMBDA_FUNCTION_NAME: the handler opens no connection here.
const probe =
  "const t = performance.now(); await import(process.argv[1]); console.log(performance.now() - t);";

/** Milliseconds each fresh process took to import the bundle, in order. */
export async function coldImports(file: string, runs = 5): Promise<number[]> {
  const env = { ...process.env };
  delete env.AWS_LAMBDA_FUNCTION_NAME;
  delete env.NODE_OPTIONS;
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const { stdout } = await run(node24, ["--input-type=module", "-e", probe, pathToFileURL(file).href], {
      env,
      cwd: root,
    });
    times.push(Number(stdout.trim()));
  }
  return times;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : apiAreas.map((area) => area.name);
  const { dir, remove } = await bundleDir();
  try {
    for (const name of names) {
      const bundle = await buildLambdaBundle(name, dir);
      const times = await coldImports(bundle.file);
      console.info(
        `${name.padEnd(11)} ${(bundle.bytes / 1024).toFixed(1).padStart(7)} KiB  cold import median ${median(times).toFixed(0).padStart(4)} ms  (${times.map((time) => time.toFixed(0)).join(", ")})`,
      );
    }
  } finally {
    await remove();
  }
}

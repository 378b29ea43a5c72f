/**
 * Runs the publish's product-page keys program (infra/publish-build.ts) as CodeBuild runs it, in a folder holding the
 * build's `dist/`, against a KeyValueStore held in a JSON file behind a stand-in of the AWS CLI (fake-aws-kvs.cjs).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { productPageKeysProgram } from "../../infra/publish-build";

const fakeCli = resolve(import.meta.dirname, "fake-aws-kvs.cjs");
export const storeArn = "arn:aws:cloudfront::123456789012:key-value-store/rehearsal";

export interface KvsRun {
  keys: Record<string, string>;
  calls: string[][];
  output: string;
}

/**
 * `buildRoot` holds `dist/`; `keys` is the store before the publish; `pageSize` is list-keys' page; `moves` is how
 * many update-keys calls find the ETag moved by another writer (fake-aws-kvs.cjs).
 */
export function runProductPageKeys(
  buildRoot: string,
  keys: Record<string, string>,
  pageSize = 1000,
  moves = 0,
): KvsRun {
  const file = join(mkdtempSync(join(tmpdir(), "kvs-")), "store.json");
  writeFileSync(file, JSON.stringify({ arn: storeArn, etag: "etag-1", keys, pageSize, moves, calls: [] }));
  const output = execFileSync(process.execPath, ["-e", productPageKeysProgram], {
    cwd: buildRoot,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH,
      SITE_EDGE_STORE: storeArn,
      SHOP_AWS_CLI: fakeCli,
      FAKE_KVS_FILE: file,
      SHOP_KVS_RETRY_MS: "1",
    },
  });
  const state = JSON.parse(readFileSync(file, "utf8")) as { keys: Record<string, string>; calls: string[][] };
  return { keys: state.keys, calls: state.calls, output };
}

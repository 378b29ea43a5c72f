/**
 * Issue 27: each publish keeps the Router's KeyValueStore in step with the product pages it built (the edge serves a
 * product's prebuilt page only when its key is there, the product shell otherwise: infra/edge.ts). The program
 * CodeBuild runs is run here as it is, against a stand-in of the AWS CLI that enforces UpdateKeys' ETag.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pageKey } from "../../infra/edge";
import {
  PAGE_KEYS_ATTEMPTS,
  PAGE_KEYS_PER_UPDATE,
  productPageKeysCommand,
  publishBuildspec,
  uploadCommands,
} from "../../infra/publish-build";
import { runProductPageKeys } from "../edge/kvs-cli";

function buildWithProducts(ids: readonly string[]): string {
  const root = mkdtempSync(join(tmpdir(), "publish-"));
  for (const id of ids) {
    mkdirSync(join(root, "dist", "product", id), { recursive: true });
    writeFileSync(join(root, "dist", "product", id, "index.html"), "<!doctype html>");
  }
  writeFileSync(join(root, "dist", "product", "index.html"), "<!doctype html>");
  return root;
}

const deployKeys = {
  [pageKey("/")]: "1",
  [pageKey("/faq")]: "1",
  [pageKey("/product")]: "1",
  "a1b2:routes": "[]",
};

describe("the product pages' keys after a publish", () => {
  it("adds the pages built, removes those no longer built, and leaves the deploy's keys alone", () => {
    const run = runProductPageKeys(buildWithProducts(["3", "5"]), {
      ...deployKeys,
      [pageKey("/product/3")]: "1",
      [pageKey("/product/9")]: "1",
    });
    expect(run.keys).toEqual({
      ...deployKeys,
      [pageKey("/product/3")]: "1",
      [pageKey("/product/5")]: "1",
    });
    expect(run.output).toContain("1 added, 1 removed");
  });

  it("changes nothing when the store already matches the build", () => {
    const run = runProductPageKeys(buildWithProducts(["3"]), { ...deployKeys, [pageKey("/product/3")]: "1" });
    expect(run.calls.filter(([, command]) => command === "update-keys")).toEqual([]);
  });

  it("writes a large catalogue in batches, each with the ETag the previous one returned, reading every page of keys", () => {
    const ids = Array.from({ length: 130 }, (_, index) => String(index + 1));
    const stale = Object.fromEntries(
      Array.from({ length: 30 }, (_, index) => [pageKey(`/product/${1000 + index}`), "1"]),
    );
    const run = runProductPageKeys(buildWithProducts(ids), { ...deployKeys, ...stale }, 7);
    expect(
      Object.keys(run.keys)
        .filter((key) => key.startsWith(pageKey("/product/")))
        .sort(),
    ).toEqual(ids.map((id) => pageKey(`/product/${id}`)).sort());
    const updates = run.calls.filter(([, command]) => command === "update-keys");
    expect(updates).toHaveLength(Math.ceil(160 / PAGE_KEYS_PER_UPDATE));
    // list-keys pages of 7: every page was read (the stale keys were all found).
    expect(run.calls.filter(([, command]) => command === "list-keys").length).toBeGreaterThan(1);
  });

  it("survives a deploy writing the store meanwhile: a refused batch is sent again with the store's new ETag", () => {
    const ids = Array.from({ length: 120 }, (_, index) => String(index + 1));
    // The first two update-keys calls find the ETag moved (a deploy wrote its keys just before).
    const run = runProductPageKeys(buildWithProducts(ids), deployKeys, 1000, 2);
    expect(
      Object.keys(run.keys)
        .filter((key) => key.startsWith(pageKey("/product/")))
        .sort(),
    ).toEqual(ids.map((id) => pageKey(`/product/${id}`)).sort());
    // The deploy's keys, those it had and those it wrote meanwhile, are all kept.
    expect(run.keys).toMatchObject(deployKeys);
    expect(Object.keys(run.keys).filter((key) => key.startsWith("deploy:write-"))).toHaveLength(2);
    const updates = run.calls.filter(([, command]) => command === "update-keys");
    expect(updates).toHaveLength(Math.ceil(120 / PAGE_KEYS_PER_UPDATE) + 2);
    // Each retry read the ETag again first.
    expect(run.calls.filter(([, command]) => command === "describe-key-value-store")).toHaveLength(3);
    expect(run.output).toContain("120 added, 0 removed");
  });

  it(`gives up after ${PAGE_KEYS_ATTEMPTS} refused tries of one batch, and fails the build`, () => {
    expect(() => runProductPageKeys(buildWithProducts(["3"]), deployKeys, 1000, PAGE_KEYS_ATTEMPTS)).toThrow(
      /ConflictException/,
    );
    const run = runProductPageKeys(buildWithProducts(["3"]), deployKeys, 1000, PAGE_KEYS_ATTEMPTS - 1);
    expect(run.keys[pageKey("/product/3")]).toBe("1");
  });

  it("runs after the files are uploaded and before old files are deleted, then the cache is invalidated", () => {
    const fileOptions = [{ files: "**", cacheControl: "public,max-age=3600" }];
    const spec = publishBuildspec(fileOptions);
    const at = (text: string) => spec.indexOf(text);
    const lastUpload = Math.max(...uploadCommands(fileOptions).map((command) => at(command)));
    expect(at(productPageKeysCommand)).toBeGreaterThan(lastUpload);
    expect(at("aws s3 sync")).toBeGreaterThan(at(productPageKeysCommand));
    expect(at('--paths "/*"')).toBeGreaterThan(at("aws s3 sync"));
  });
});

/**
 * The built site (issue 28, items 15 and 16):
 * - Two builds of the site from one checkout at the same moment: `npm start`'s own build and its publisher's first
 *   build, or two shops of the end-to-end suite, both run `astro build` in this repository. Neither may fail because
 *   the other is running.
 * - Every page a build makes is valid HTML for the Nu HTML Checker (the `vnu-jar` package, run by the `java` on the
 *   PATH or $JAVA; Java 11 or later), checked on the first of those two builds: no build of its own, one JVM start for
 *   every page.
 * - The browser's files run on React 19 (issue 43): React's runtime is one chunk, and none of Preact's code is left.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFullApp } from "../../functions/main/full-app";
import { astroBuild } from "../../scripts/local/astro-build";
import { createTestContext } from "../setup/test-db";
import { createSoap } from "../support/products";

const ctx = await createTestContext();
await createSoap(ctx.deps);
await createSoap(ctx.deps);

const scratch = mkdtempSync(join(tmpdir(), "shop-built-site-"));
let server: ReturnType<typeof serve>;
beforeAll(async () => {
  server = serve({ fetch: createFullApp(() => ctx.deps).fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(scratch, { recursive: true, force: true });
});

const htmlPages = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((file) => file.endsWith(".html")).sort();

/** Set by the first test: the folder of a complete build. */
let built: string | undefined;

describe("two builds started together from one checkout", () => {
  it("both succeed, each with the whole site", { timeout: 300_000 }, async () => {
    const { port } = server.address() as AddressInfo;
    const build = (name: string) =>
      astroBuild({
        apiUrl: `http://127.0.0.1:${port}`,
        siteUrl: "http://shop.test",
        outDir: join(scratch, name),
        quiet: true,
      });
    const results = await Promise.allSettled([build("a"), build("b")]);
    expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "ok"))).toEqual([
      "ok",
      "ok",
    ]);
    expect(htmlPages(join(scratch, "a")).length).toBeGreaterThan(10);
    expect(htmlPages(join(scratch, "b"))).toEqual(htmlPages(join(scratch, "a")));
    built = join(scratch, "a");
  });
});

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
}

/**
 * What the checker says that is no defect of ours: its CSS checker predates CSS's `@property` (Tailwind registers
 * its `--tw-*` custom properties with it, in every page's inlined critical CSS), so it calls the rule unknown and
 * the properties it registers invalid values. Nothing else is set aside.
 */
const OUTDATED_CSS_CHECKS = [/^CSS: Unrecognized at-rule “@property”/, /^CSS: “[^”]+”: “[^”]*--tw-[\w-]+/];

/** The Nu HTML Checker's errors and warnings (not its plain information) on these files, in one JVM run. */
function checkHtml(files: string[]): Promise<VnuMessage[]> {
  const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
  return new Promise((resolve, reject) => {
    execFile(
      process.env.JAVA ?? "java",
      ["-jar", vnuJar, "--format", "json", "--stdout", "--exit-zero-always", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`vnu: ${error.message}\n${stderr}`));
        const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
        resolve(
          messages.filter(
            (message) =>
              (message.type !== "info" || message.subType === "warning") &&
              !OUTDATED_CSS_CHECKS.some((pattern) => pattern.test(message.message)),
          ),
        );
      },
    );
  });
}

describe("the built pages", () => {
  it("are valid HTML for the Nu HTML Checker", { timeout: 240_000 }, async () => {
    expect(built, "the build above").toBeDefined();
    const dir = built as string;
    const pages = htmlPages(dir).map((page) => join(dir, page));
    // A page known to be invalid, checked in the same run: the checker ran and reported what it found.
    const canary = join(scratch, "canary.html");
    writeFileSync(
      canary,
      '<!doctype html><html lang="fr"><title>t</title><body><p><div></div></p></body></html>',
    );
    const messages = await checkHtml([canary, ...pages]);
    const where = (message: VnuMessage) => {
      const file = decodeURIComponent(new URL(message.url).pathname);
      return `${file === canary ? "canary" : relative(dir, file)}:${message.lastLine ?? "?"}`;
    };
    const found = messages.map(
      (message) => `${where(message)}: ${message.subType ?? message.type} ${message.message}`,
    );
    expect(found.filter((line) => line.startsWith("canary:")).length).toBeGreaterThan(0);
    expect(found.filter((line) => !line.startsWith("canary:"))).toEqual([]);
  });
});

describe("the built client files", () => {
  const clientFiles = () => {
    expect(built, "the build above").toBeDefined();
    const dir = join(built as string, "_astro");
    return readdirSync(dir)
      .filter((file) => file.endsWith(".js"))
      .map((file) => ({ file, code: readFileSync(join(dir, file), "utf8") }));
  };

  it("hold none of Preact's code", () => {
    const files = clientFiles();
    // Preact's render queue option and its devtools hook: public names, kept by minifiers, in Preact's code only.
    const preact = files.filter(({ code }) => /debounceRendering|__PREACT_DEVTOOLS__/.test(code));
    expect(preact.map(({ file }) => file)).toEqual([]);
  });

  it("hold React 19's runtime in one chunk that every island shares", () => {
    const files = clientFiles();
    const holding = (marker: RegExp) => files.filter(({ code }) => marker.test(code)).map(({ file }) => file);
    // React 19's element symbol (react and its JSX runtime), react-dom's root marker and the version it prints.
    const runtime = holding(/react\.transitional\.element/);
    expect(runtime).toHaveLength(1);
    expect(runtime[0]).toMatch(/^react\.[\w-]+\.js$/);
    expect(holding(/__reactContainer\$/)).toEqual(runtime);
    const version = files
      .find(({ file }) => file === runtime[0])
      ?.code.match(/version=[`"'](\d+\.\d+\.\d+)[`"']/);
    expect(version?.[1]).toMatch(/^19\./);
  });
});

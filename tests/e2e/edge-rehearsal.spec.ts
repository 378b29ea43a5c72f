/**
 * Issue 27: every URL the shop prints answers through the AWS edge as it does under `npm start`. The shop started for
 * this run (`npm start`, its build in `.data-e2e-<port>/site`) is compared, URL by URL, with the edge rehearsal
 * (tests/edge/rehearsal.ts: SST's Router functions from the installed SST with the project's injections, the same
 * build as the S3 bucket, the API's real Lambda handlers as Function URLs on the same DynamoDB Local): the status,
 * the kind of body (its media type, a page's <title>) and the security headers. The URLs: the sitemap's, every link
 * and asset of every built page, every link the mails print (tracking, withdrawal, waitlist, reset, daily summary,
 * stock alert), a product created after the build, and an unknown path.
 */
import { mkdtempSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// No browser: the comparison reads answers, it renders nothing.
import { expect, test } from "@playwright/test";
import { apiAreas } from "../../functions/main/areas";
import { E2E_DATA_DIR, E2E_DYNAMODB_PORT, E2E_PORT } from "../../playwright.config";
import { todoLinks } from "../../src/domain/admin/owner-todo/display";
import { trackingUrl } from "../../src/domain/orders/order-display";
import { withdrawalHref } from "../../src/domain/withdrawals/withdrawal";
import { runProductPageKeys } from "../edge/kvs-cli";
import type { Rehearsal, V2Handler } from "../edge/rehearsal";
import { deployedPageKeys, responseHeadersPolicyHeaders, routerConfig } from "../edge/router-config";
import { createSoap } from "../support/products";
import { shopDeps } from "./support";

const siteDir = join(E2E_DATA_DIR, "site");
const local = `http://localhost:${E2E_PORT}`;
const edgeKey = "e2e-edge-key-".padEnd(48, "x");
const SECURITY = ["x-content-type-options", "x-frame-options", "referrer-policy", "permissions-policy"];

/** Every same-origin URL a built page links to or loads (href, src, srcset), query included, fragment dropped. */
function builtPageUrls(): string[] {
  const urls = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith(".html")) {
        const html = readFileSync(path, "utf8");
        for (const match of html.matchAll(/\s(?:href|src|srcset)="([^"]+)"/g)) {
          for (const candidate of (match[1] ?? "").split(",")) {
            const url = candidate.trim().split(/\s+/)[0]?.replace(/&amp;/g, "&") ?? "";
            if (url.startsWith("/") && !url.startsWith("//")) urls.add(url.split("#")[0] || "/");
          }
        }
      }
    }
  };
  visit(siteDir);
  return [...urls].sort();
}

interface Seen {
  status: number;
  type: string;
  title: string | null;
  csp: string | null;
  security: Record<string, string | null>;
}

async function seen(base: string, path: string, method = "GET"): Promise<Seen & { allow?: string | null }> {
  const response = await fetch(`${base}${path}`, {
    method,
    redirect: "manual",
    ...(method !== "GET" && method !== "HEAD" && method !== "OPTIONS" && { body: "x=1" }),
  });
  const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const body = type === "text/html" ? await response.text() : "";
  await response.body?.cancel().catch(() => undefined);
  return {
    status: response.status,
    type,
    title: /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? null,
    // The edge is HTTPS: the same policy plus upgrade-insecure-requests (src/domain/publishing/security-headers.ts).
    csp:
      response.headers.get("content-security-policy")?.replace(/;\s*upgrade-insecure-requests/, "") ?? null,
    security: Object.fromEntries(SECURITY.map((name) => [name, response.headers.get(name)])),
    ...(method !== "GET" && { allow: response.headers.get("allow") }),
  };
}

test.describe("the AWS edge answers every URL the shop prints as npm start does", () => {
  /** One rehearsal per reading of viewer-response's `event.request` (AWS's documentation does not say which). */
  const rehearsals: Rehearsal[] = [];

  test.beforeAll(async () => {
    // The Lambdas' environment, pointed at this run's DynamoDB Local (mails as files, never SES).
    process.env.TABLE_NAME ??= "savon-shop";
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${E2E_DYNAMODB_PORT}`;
    process.env.AWS_REGION = "eu-west-3";
    process.env.MAIL_DIR = mkdtempSync(join(tmpdir(), "edge-mail-"));
    process.env.SITE_URL = "https://savon.example.fr";
    process.env.SHOP_EDGE_KEY = edgeKey;
    const areas = [];
    for (const area of apiAreas) {
      const module = (await import(`../../functions/main/lambda/${area.name}.ts`)) as {
        handler: V2Handler;
      };
      areas.push({ name: area.name, mounts: area.mounts, handler: module.handler });
    }
    // The keys a deploy writes, then those the publish program writes for this build (it reads ./dist).
    const publishRoot = mkdtempSync(join(tmpdir(), "edge-publish-"));
    symlinkSync(siteDir, join(publishRoot, "dist"));
    const published = runProductPageKeys(publishRoot, Object.fromEntries(deployedPageKeys()));
    const { startRehearsal } = await import("../edge/rehearsal");
    for (const responseRequest of ["viewer", "modified"] as const) {
      rehearsals.push(
        await startRehearsal({
          app: "savon-shop",
          stage: "production",
          domain: "savon.example.fr",
          ...routerConfig({ edgeKey, analytics: false }),
          siteDir,
          siteFileOptions: [
            { files: "**", cacheControl: "public,max-age=3600" },
            { files: "_astro/**", cacheControl: "public,max-age=31536000,immutable" },
            {
              files: ["**/*.html", "sw.js", "registerSW.js", "manifest.webmanifest"],
              cacheControl: "public,max-age=0,must-revalidate",
            },
          ],
          mediaRoot: E2E_DATA_DIR,
          areas,
          extraKeys: Object.entries(published.keys),
          responseRequest,
          responseHeadersPolicy: responseHeadersPolicyHeaders(),
        }),
      );
    }
  });

  test.afterAll(async () => {
    await Promise.all(rehearsals.map((rehearsal) => rehearsal.close()));
  });

  test("a site path's other methods answer 405 as npm start does, and /api's reach the API (issue 28, item 6)", async () => {
    const product = await createSoap(shopDeps());
    const cases: [string, string][] = [
      ["POST", "/"],
      ["OPTIONS", "/faq"],
      ["DELETE", `/product/${product.id}`],
      ["PUT", "/pas-une-page"],
      ["PATCH", "/orders/track/01JEDGEREHEARSAL0000000000"],
      ["POST", "/payment"],
      ["POST", "/favicon.svg"],
      ["DELETE", "/api/inconnu"],
      ["POST", "/api/auth/signin"],
    ];
    const differences: string[] = [];
    for (const [method, path] of cases) {
      const expected = await seen(local, path, method);
      for (const rehearsal of rehearsals) {
        const actual = await seen(rehearsal.url, path, method);
        // The API's answer is compared by status and type (the edge adds its response-headers policy to it, npm start's
        // API does not), the site's in full.
        const same = path.startsWith("/api")
          ? expected.status === actual.status && expected.type === actual.type
          : JSON.stringify(expected) === JSON.stringify(actual);
        if (!same)
          differences.push(
            `${method} ${path}\n  npm start: ${JSON.stringify(expected)}\n  AWS edge:  ${JSON.stringify(actual)}`,
          );
      }
      if (!path.startsWith("/api")) expect(expected.status, `${method} ${path}`).toBe(405);
      else expect(expected.status, `${method} ${path}`).not.toBe(405);
    }
    expect(differences, differences.join("\n")).toEqual([]);
  });

  test("the sitemap, every built page's links, the mails' links, a new product and an unknown path", async () => {
    test.setTimeout(180_000);
    const sitemap = await (await fetch(`${local}/sitemap.xml`)).text();
    const fromSitemap = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1] ?? "/").pathname,
    );
    expect(fromSitemap.length).toBeGreaterThan(3);

    const order = "01JEDGEREHEARSAL0000000000";
    const product = await createSoap(shopDeps());
    const fromMails = [
      trackingUrl(order),
      withdrawalHref(order),
      withdrawalHref(),
      "/reset-password?token=abc123",
      "/liste-d-attente",
      "/product/1",
      "/admin",
      todoLinks.dailySummarySetting.split("#")[0] ?? "/admin",
      "/cgv",
    ];
    const urls = [
      ...new Set([
        "/sitemap.xml",
        ...fromSitemap,
        ...builtPageUrls(),
        ...fromMails,
        `/product/${product.id}`,
        `/product/${product.id}/`,
        "/pas-une-page",
        "/faq/rien",
      ]),
    ];
    const differences: string[] = [];
    for (const url of urls) {
      const expected = await seen(local, url);
      for (const [index, rehearsal] of rehearsals.entries()) {
        const actual = await seen(rehearsal.url, url);
        if (JSON.stringify(expected) !== JSON.stringify(actual)) {
          const reading = index === 0 ? "viewer" : "modified";
          differences.push(
            `${url} (${reading} request in viewer-response)\n  npm start: ${JSON.stringify(expected)}\n  AWS edge:  ${JSON.stringify(actual)}`,
          );
        }
      }
    }
    expect(differences, differences.join("\n")).toEqual([]);
    // What the comparison covered, so that an empty list cannot pass for a check.
    expect(rehearsals).toHaveLength(2);
    expect(urls.length).toBeGreaterThan(30);
    for (const rehearsal of rehearsals) {
      expect((await seen(rehearsal.url, `/product/${product.id}`)).status).toBe(200);
      expect((await seen(rehearsal.url, trackingUrl(order))).status).toBe(200);
      expect((await seen(rehearsal.url, "/pas-une-page")).status).toBe(404);
    }
  });
});

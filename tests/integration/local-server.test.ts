import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalApp } from "../../functions/main/local";
import { createTestContext } from "../setup/test-db";
import { writeBuiltSite } from "../support/built-site";

const ctx = await createTestContext();
const dist = mkdtempSync(join(tmpdir(), "shop-dist-"));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

writeBuiltSite(dist, {
  "index.html": "<h1>Accueil</h1>",
  "404.html": "<h1>Page Non Trouvée</h1>",
  "product/index.html": "<p>Chargement du produit...</p>",
  "product/1/index.html": "<h1>Savon 1</h1>",
  "orders/track/index.html": "<p>Suivi</p>",
  "_astro/app.abc123.js": "console.log(1)",
  "logo.png": Buffer.from([137, 80, 78, 71]),
});
writeFileSync(join(dist, "..", "secret.txt"), "secret");

let ready = true;
const app = createLocalApp({ deps: ctx.deps, distDir: dist, isSiteReady: () => ready });
const get = (path: string) => app.request(path);

describe("local server: one origin for the site and the API", () => {
  it.each([
    ["/", "<h1>Accueil</h1>"],
    ["/product/1", "<h1>Savon 1</h1>"],
    ["/product/1/", "<h1>Savon 1</h1>"],
  ])("serves %s from the build", async (path, body) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe(body);
  });

  it("sends text files compressed as a CDN would (brotli, else gzip), images as they are", async () => {
    const page = "<h1>Accueil</h1>";
    const br = await app.request("/", { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("accept-encoding");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(page);
    const gz = await app.request("/_astro/app.abc123.js", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe("console.log(1)");
    const refused = await app.request("/", { headers: { "accept-encoding": "br;q=0, identity" } });
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect(await refused.text()).toBe(page);
    const image = await app.request("/logo.png", { headers: { "accept-encoding": "br" } });
    expect(image.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from([137, 80, 78, 71]));
  });

  it("serves the tracking shell for any order id", async () => {
    const response = await get("/orders/track/01KBQ9ZJ4M5N6P7Q8R9S0T1V2W");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("<p>Suivi</p>");
  });

  it("serves the product shell for a product page that was not prebuilt", async () => {
    const response = await get("/product/42");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Chargement du produit...");
  });

  it("answers the 404 page with status 404 for any other path", async () => {
    for (const path of ["/nimporte-quoi", "/product/1/extra", "/..%2Fsecret.txt", "/%2e%2e/secret.txt"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("Page Non Trouvée");
    }
  });

  it("caches fingerprinted assets for a year and pages not at all", async () => {
    expect((await get("/_astro/app.abc123.js")).headers.get("cache-control")).toContain("immutable");
    expect((await get("/")).headers.get("cache-control")).toBe("no-cache");
  });

  it("sends /api to the API, with JSON 404s", async () => {
    expect((await get("/api/products")).status).toBe(200);
    const response = await get("/api/inconnu");
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe("NOT_FOUND");
  });

  it("answers 503 while the site is being built, but the API keeps answering", async () => {
    ready = false;
    try {
      expect((await get("/")).status).toBe(503);
      expect((await get("/api/settings/shipping")).status).toBe(200);
    } finally {
      ready = true;
    }
  });
});

describe("local server: methods a page does not take (issue 28, item 6)", () => {
  /** The headers every page carries, read from a GET of the home page. */
  const pageHeaderNames = [
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
    "permissions-policy",
  ];

  it.each([
    ["POST", "/"],
    ["OPTIONS", "/"],
    ["DELETE", "/product/1"],
    ["PUT", "/nimporte-quoi"],
    ["PATCH", "/orders/track/01KBQ9ZJ4M5N6P7Q8R9S0T1V2W"],
    ["POST", "/media/photo.jpg"],
  ])("%s %s answers 405 with Allow: GET, HEAD and the headers of every page", async (method, path) => {
    const page = await get("/");
    const response = await app.request(path, { method, body: method === "OPTIONS" ? undefined : "x=1" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    for (const name of pageHeaderNames) expect(response.headers.get(name), name).toBe(page.headers.get(name));
    expect(await response.text()).toContain("Méthode non autorisée");
  });

  it("still sends /api's other methods to the API", async () => {
    const response = await app.request("/api/inconnu", { method: "DELETE" });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe("NOT_FOUND");
  });
});

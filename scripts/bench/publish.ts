/**
 * Benchmark of publishing under `npm start`, not part of `npm test` (time-based figures belong here):
 * starts a shop on a fresh data folder, then measures
 * - the publish time of the seed catalogue, and of a catalogue of 200 products;
 * - the time from the admin's save to the new page being served, median of 5.
 * Run: npm run bench:publish (ports BENCH_PORT / BENCH_DYNAMODB_PORT, default 4470 / 8870).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const port = Number(process.env.BENCH_PORT ?? 4470);
const origin = `http://127.0.0.1:${port}`;
const admin = { email: "admin@bench.test", password: "bench-admin-password" };
const dataDir = mkdtempSync(join(tmpdir(), "shop-bench-"));
const publishes: number[] = [];

const shop = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
  cwd: resolve(import.meta.dirname, "..", ".."),
  env: {
    ...process.env,
    PORT: String(port),
    DYNAMODB_PORT: process.env.BENCH_DYNAMODB_PORT ?? "8870",
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SITE_PUBLISH: "on",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
const ready = new Promise<void>((done) => {
  shop.stdout.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    for (const match of text.matchAll(/Site publié en ([\d.]+) s\./g)) publishes.push(Number(match[1]));
    if (text.includes("La boutique est prête")) done();
  });
});

let cookie = "";
async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { cookie, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (set) cookie = set;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
async function publishedCount(count: number) {
  while (publishes.length < count) await sleep(100);
  return publishes[count - 1] as number;
}
async function settled() {
  for (;;) {
    const status = (await api("GET", "/api/admin/publishing")) as { state: string };
    if (status.state === "up_to_date") return;
    if (status.state === "failed") throw new Error("publish failed");
    await sleep(250);
  }
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

try {
  await ready;
  await api("POST", "/api/auth/signin", admin);
  const seedCount = ((await api("GET", "/api/admin/products")) as unknown[]).length;

  await api("POST", "/api/admin/publishing/retry");
  const seedPublish = await publishedCount(1);

  for (let index = seedCount; index < 200; index++) {
    await api("POST", "/api/admin/products", {
      name: `Savon de banc d'essai ${index + 1}`,
      price: 8 + (index % 7),
      weight: "200g",
      image: "/images/products/savon-alep-premium.svg",
      description: "Un savon du banc d'essai.",
      stock: 10,
      low_stock_threshold: 2,
      benefits: [],
      is_active: true,
    });
  }
  // Let the publishes the creations asked for settle, then time one publish of the whole catalogue.
  await settled();
  const before = publishes.length;
  await api("POST", "/api/admin/publishing/retry");
  const big = await publishedCount(before + 1);
  await settled();
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const productPages = sitemap.match(/\/product\/\d+<\/loc>/g)?.length ?? 0;
  if (productPages < 200) throw new Error(`the sitemap lists ${productPages} product pages, not 200`);

  const products = (await api("GET", "/api/admin/products")) as Record<string, unknown>[];
  const target = products[0] as Record<string, unknown> & { id: number; stock: number };
  const saveToServed: number[] = [];
  for (let round = 1; round <= 5; round++) {
    const text = `Description du tour ${round} ${Date.now()}`;
    const { id: _id, updated_at: _updated, ...fields } = target;
    const saved = Date.now();
    await api("PUT", `/api/admin/products/${target.id}`, {
      ...fields,
      description: text,
      stock_loaded: target.stock,
    });
    for (;;) {
      const html = await (await fetch(`${origin}/product/${target.id}`)).text();
      if (html.includes(text)) break;
      await sleep(200);
    }
    saveToServed.push((Date.now() - saved) / 1000);
    await sleep(2000);
  }

  console.log(`\nPublication, catalogue initial (${seedCount} produits) : ${seedPublish.toFixed(1)} s`);
  console.log(
    `Publication, 200 produits : ${big.toFixed(1)} s (${productPages} pages produit dans le sitemap)`,
  );
  console.log(
    `Enregistrement -> page servie (5 fois) : ${saveToServed.map((s) => s.toFixed(1)).join(" / ")} s ; médiane ${median(saveToServed).toFixed(1)} s`,
  );
} finally {
  shop.kill("SIGTERM");
  await new Promise((done) => shop.once("exit", done));
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Owner edits publish themselves (issue 13): what pages print marks the site stale and asks the publisher; the local
 * publisher debounces, builds into a new folder, swaps atomically, keeps the old site when a build fails.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { beginPublish, markSiteStale, recordPublishResult } from "../../functions/publishing/publishing";
import { latestPublishedSite, localSitePublisher } from "../../scripts/local/site-publisher";
import { createTestContext } from "../setup/test-db";
import { COMPLETE_COSMETICS } from "../support/cosmetics";
import { createCustomer } from "../support/customers";
import { createSoap } from "../support/products";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const requests: string[] = [];
ctx.deps.publisher = { request: (reason) => requests.push(reason) };

const status = async () =>
  (await (await admin.call("GET", "/api/admin/publishing")).json()) as {
    state: string;
    label: string;
    error: string | null;
  };

describe("what marks the site stale", () => {
  it("a product created, edited or deleted, and a setting the pages print", async () => {
    requests.length = 0;
    const created = await admin.call("POST", "/api/admin/products", {
      name: "Savon Publié",
      price: 12,
      weight: "200g",
      image: "/images/products/savon-premium.svg",
      description: "Un savon",
      stock: 5,
      low_stock_threshold: 2,
      benefits: [],
      is_active: true,
      ...COMPLETE_COSMETICS,
    });
    expect(created.status).toBe(201);
    const product = (await created.json()) as { id: number };
    expect(requests).toEqual(["Produit « Savon Publié » créé"]);
    expect((await status()).label).toBe("Publication en attente…");

    const settings = (await (await admin.call("GET", "/api/admin/settings")).json()) as {
      setting_key: string;
      setting_value: object;
    }[];
    const company = settings.find((row) => row.setting_key === "company_info")?.setting_value;
    expect(
      (
        await admin.call("PUT", "/api/admin/settings/company_info", {
          value: { ...company, phone: "04 91 00 00 00" },
        })
      ).status,
    ).toBe(200);
    expect((await admin.call("DELETE", `/api/admin/products/${product.id}`)).status).toBe(204);
    expect(requests.slice(1)).toEqual([
      "Réglages modifiés : entreprise",
      `Produit n° ${product.id} supprimé`,
    ]);
  });

  it("a product's last units sold, and units back for a sold-out product", async () => {
    const product = await createSoap(ctx.deps, { stock: 2 });
    requests.length = 0;
    const adjust = (delta: number) =>
      admin.call("POST", `/api/admin/products/${product.id}/stock-adjustments`, {
        delta,
        note: "Inventaire",
      });
    expect((await adjust(-1)).status).toBe(201);
    expect(requests).toEqual([]);
    expect((await adjust(-1)).status).toBe(201);
    expect(requests).toEqual([`Produit « ${product.name} » en rupture`]);
    expect((await adjust(3)).status).toBe(201);
    expect(requests.at(-1)).toBe(`Produit « ${product.name} » de nouveau en stock`);
  });
});

describe("the publishing state the admin sees", () => {
  it("goes pending, publishing, up to date; a failure shows its reason and the retry asks again", async () => {
    await markSiteStale(ctx.deps, "test");
    expect((await status()).state).toBe("pending");
    const { covers } = await beginPublish(ctx.deps);
    expect((await status()).label).toBe("Publication en cours…");
    await recordPublishResult(ctx.deps, {
      covers,
      ok: false,
      error: "La construction du site a échoué (code 1).",
    });
    expect(await status()).toMatchObject({
      state: "failed",
      label: "Échec de la publication : La construction du site a échoué (code 1).",
    });
    requests.length = 0;
    const retry = await admin.call("POST", "/api/admin/publishing/retry");
    expect(retry.status).toBe(202);
    expect(requests).toEqual(["Nouvelle tentative demandée par l'administrateur"]);
    const again = await beginPublish(ctx.deps);
    await recordPublishResult(ctx.deps, { covers: again.covers, ok: true });
    expect(await status()).toMatchObject({ state: "up_to_date", label: "Site à jour", error: null });
  });

  it("is the admin's alone", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    expect((await customer.call("GET", "/api/admin/publishing")).status).toBe(403);
    expect((await customer.call("POST", "/api/admin/publishing/retry")).status).toBe(403);
  });
});

describe("the local publisher", () => {
  async function fixture(build: (outDir: string, n: number) => Promise<void>) {
    const root = mkdtempSync(join(tmpdir(), "shop-publish-"));
    const first = join(root, "site");
    await mkdir(join(first, "_astro"), { recursive: true });
    await writeFile(join(first, "index.html"), "build 0");
    await writeFile(join(first, "_astro", "old.css"), "old");
    let served = first;
    let builds = 0;
    const publisher = localSitePublisher({
      deps: ctx.deps,
      sitesDir: join(root, "sites"),
      served: () => served,
      build: async (outDir) => build(outDir, ++builds),
      publish: (dir) => {
        served = dir;
      },
      quietMs: 50,
      log: () => undefined,
    });
    return { publisher, served: () => served, builds: () => builds };
  }
  const writeSite = async (outDir: string, n: number) => {
    await mkdir(join(outDir, "_astro"), { recursive: true });
    await writeFile(join(outDir, "index.html"), `build ${n}`);
    await writeFile(join(outDir, "_astro", `new-${n}.css`), "new");
  };

  it("makes one publish of several edits in a row, served only once complete, keeping old assets", async () => {
    const site = await fixture(writeSite);
    site.publisher.request("a");
    site.publisher.request("b");
    site.publisher.request("c");
    await site.publisher.idle();
    expect(site.builds()).toBe(1);
    expect(readFileSync(join(site.served(), "index.html"), "utf8")).toBe("build 1");
    expect(readFileSync(join(site.served(), "_astro", "old.css"), "utf8")).toBe("old");
    expect((await status()).state).toBe("up_to_date");
    // A restart without a build (SKIP_BUILD) serves this publish, never a folder a crash left half-built.
    const sitesDir = join(site.served(), "..");
    await mkdir(join(sitesDir, "9999999999999-9"), { recursive: true });
    expect(await latestPublishedSite(sitesDir)).toBe(site.served());
  });

  it("publishes again when an edit arrives during a publish", async () => {
    let release: () => void = () => undefined;
    const site = await fixture(async (outDir, n) => {
      if (n === 1) await new Promise<void>((resolve) => (release = resolve));
      await writeSite(outDir, n);
    });
    site.publisher.request("first");
    await new Promise((resolve) => setTimeout(resolve, 120));
    site.publisher.request("during");
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await site.publisher.idle();
    expect(site.builds()).toBe(2);
    expect(readFileSync(join(site.served(), "index.html"), "utf8")).toBe("build 2");
  });

  it("keeps serving the old site when a build fails, tells the admin why, and tries again on the next edit", async () => {
    const site = await fixture(async (outDir, n) => {
      await writeSite(outDir, n);
      if (n === 1)
        throw new Error(
          "La construction du site a échoué (code 1) : la page /faq n'a pas pu être construite.",
        );
    });
    const before = site.served();
    await markSiteStale({ ...ctx.deps, publisher: site.publisher }, "edit");
    await site.publisher.idle();
    expect(site.served()).toBe(before);
    expect(readFileSync(join(before, "index.html"), "utf8")).toBe("build 0");
    expect((await status()).label).toBe(
      "Échec de la publication : La construction du site a échoué (code 1) : la page /faq n'a pas pu être construite.",
    );
    await markSiteStale({ ...ctx.deps, publisher: site.publisher }, "next edit");
    await site.publisher.idle();
    expect(readFileSync(join(site.served(), "index.html"), "utf8")).toBe("build 2");
    expect((await status()).state).toBe("up_to_date");
  });
});

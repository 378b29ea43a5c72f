/**
 * Cosmetics and product-safety information (decision record 015; Code de la consommation L111-1, Regulation (EC)
 * 1223/2009 art. 19, Regulation (EU) 2023/988 art. 19): a product is on sale only with it, the public API
 * carries it, and the seed catalogue has it.
 */
import { describe, expect, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { seedIfEmpty } from "../../functions/main/seed";
import { seedProducts } from "../../functions/platform/db/seed-catalog";
import { REQUIRED_COSMETIC_FIELDS } from "../../src/domain/catalog/cosmetics";
import { createTestContext } from "../setup/test-db";
import { COMPLETE_COSMETICS } from "../support/cosmetics";
import { createCustomer } from "../support/customers";

const ctx = await createTestContext({ newShop: true });
await seedIfEmpty(ctx.deps, { adminEmail: "owner@example.fr", adminPassword: "secret-123" });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });

const base = {
  name: "Savon cosmétique",
  price: 12.9,
  weight: "400g",
  image: "/images/products/savon-alep-premium.svg",
  description: "Un savon",
  stock: 5,
  low_stock_threshold: 1,
  benefits: [],
};

const ALL_MISSING = [...REQUIRED_COSMETIC_FIELDS];

async function expectIncomplete(response: Response, missing: string[]) {
  expect(response.status).toBe(409);
  const body = (await response.json()) as { code: string; error: string; missing_fields: string[] };
  expect(body.code).toBe("PRODUCT_INCOMPLETE");
  expect(body.missing_fields).toEqual(missing);
  expect(body.error).toMatch(
    /^Ce produit ne peut pas être mis en vente tant que ces informations manquent : /,
  );
  return body;
}

describe("activation needs the cosmetics information", () => {
  it("refuses to create an active product without it, naming every missing field", async () => {
    const body = await expectIncomplete(
      await admin.call("POST", "/api/admin/products", { ...base, is_active: true }),
      ALL_MISSING,
    );
    expect(body.error).toContain("Liste des ingrédients (INCI)");
    expect(body.error).toContain("Allergènes");
    const partial = { ...COMPLETE_COSMETICS, allergens: " ", pao_months: 0 };
    await expectIncomplete(
      await admin.call("POST", "/api/admin/products", { ...base, ...partial, is_active: true }),
      ["allergens", "durability"],
    );
  });

  it("saves an incomplete inactive product, refuses its activation, then activates it once complete", async () => {
    const created = await admin.call("POST", "/api/admin/products", { ...base, is_active: false });
    expect(created.status).toBe(201);
    const product = (await created.json()) as { id: number; stock: number; inci: string };
    expect(product.inci).toBe("");

    const edit = { ...base, is_active: false, stock_loaded: product.stock, inci: "Sodium Olivate" };
    const stillInactive = await admin.call("PUT", `/api/admin/products/${product.id}`, edit);
    expect(stillInactive.status).toBe(200);

    await expectIncomplete(
      await admin.call("PUT", `/api/admin/products/${product.id}`, { ...edit, is_active: true }),
      ALL_MISSING.filter((field) => field !== "inci"),
    );
    // Refused means untouched: still inactive, not on the storefront.
    expect((await ctx.app.request(`/api/products/${product.id}`)).status).toBe(404);

    const activated = await admin.call("PUT", `/api/admin/products/${product.id}`, {
      ...edit,
      ...COMPLETE_COSMETICS,
      is_active: true,
    });
    expect(activated.status).toBe(200);
    const publicProduct = await ctx.app.request(`/api/products/${product.id}`);
    expect(publicProduct.status).toBe(200);
    expect(await publicProduct.json()).toMatchObject({ ...COMPLETE_COSMETICS, is_active: true });
  });

  it("refuses an update that empties a field of an active product", async () => {
    const created = await admin.call("POST", "/api/admin/products", {
      ...base,
      ...COMPLETE_COSMETICS,
      is_active: true,
    });
    expect(created.status).toBe(201);
    const product = (await created.json()) as { id: number; stock: number };
    await expectIncomplete(
      await admin.call("PUT", `/api/admin/products/${product.id}`, {
        ...base,
        ...COMPLETE_COSMETICS,
        precautions: "",
        is_active: true,
        stock_loaded: product.stock,
      }),
      ["precautions"],
    );
    expect(await (await ctx.app.request(`/api/products/${product.id}`)).json()).toMatchObject({
      precautions: COMPLETE_COSMETICS.precautions,
    });
  });

  it("keeps selling a product stored active before the rule, and lists what it lacks to the admin", async () => {
    const now = new Date().toISOString();
    // A record as an older version of the shop wrote it: none of the new attributes.
    await productEntity(ctx.db)
      .create({
        id: 9001,
        name: "Ancien savon",
        price_cents: 500,
        weight: "100g",
        image: "/images/products/savon-alep-premium.svg",
        description: "Vendu avant la règle",
        stock: 3,
        low_stock_threshold: 1,
        is_active: true,
        created_at: now,
        updated_at: now,
      })
      .go();
    const listed = (await (await ctx.app.request("/api/products")).json()) as { id: number }[];
    expect(listed.map((p) => p.id)).toContain(9001);
    const legacy = await (await ctx.app.request("/api/products/9001")).json();
    expect(legacy).toMatchObject({ inci: "", net_weight_g: 0, reference: "", allergens: "" });
  });

  it("refuses a malformed GTIN or weight in French (400)", async () => {
    const response = await admin.call("POST", "/api/admin/products", {
      ...base,
      ...COMPLETE_COSMETICS,
      gtin: "4006381333932",
      is_active: false,
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("Le code EAN/GTIN est invalide");
  });
});

describe("the seed catalogue", () => {
  it("has complete cosmetics information, served by the public API", async () => {
    const products = (await (await ctx.app.request("/api/products")).json()) as Record<string, unknown>[];
    const seeded = products.filter((p) => (p.id as number) <= seedProducts.length);
    expect(seeded).toHaveLength(5);
    for (const product of seeded) {
      expect(product).toMatchObject({
        inci: "Sodium Olivate, Sodium Laurate, Aqua, Glycerin, Sodium Hydroxide",
        pao_months: 12,
        gtin: "",
      });
      expect(product.reference).toMatch(/^SAL-/);
      expect(product.allergens).toContain("Aucun parfum ajouté");
    }
    expect(seeded.map((p) => [p.weight, p.net_weight_g])).toEqual([
      ["200g", 200],
      ["200g", 200],
      ["200g", 200],
      ["3 × 200g", 600],
      ["600g", 600],
    ]);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { userEmailEntity, userEntity } from "../../functions/accounts/user-entity";
import { productEntity } from "../../functions/catalog/product-entity";
import { seedIfEmpty } from "../../functions/main/seed";
import { seedProducts } from "../../functions/platform/db/seed-catalog";
import { settingEntity } from "../../functions/settings/entity";
import { putSetting } from "../../functions/settings/service";
import { productSchema } from "../../src/domain/catalog/product";
import { defaultSettings } from "../../src/domain/settings/settings";
import { createTestContext } from "../setup/test-db";

const ctx = await createTestContext({ newShop: true });
const api = (path: string, init?: RequestInit) => ctx.app.request(path, init);

beforeAll(async () => {
  const result = await seedIfEmpty(ctx.deps, {
    adminEmail: "Owner@Example.fr",
    adminPassword: "secret-admin",
  });
  expect(result.seeded).toBe(true);
});

describe("seed", () => {
  it("runs only on an empty table", async () => {
    expect(await seedIfEmpty(ctx.deps, { adminEmail: "other@example.fr" })).toEqual({ seeded: false });
    const products = await (await api("/api/products")).json();
    expect(products).toHaveLength(seedProducts.length);
  });

  it("creates the admin account with a hashed password and a normalised e-mail", async () => {
    const { data: link } = await userEmailEntity(ctx.db).get({ email: "owner@example.fr" }).go();
    expect(link).not.toBeNull();
    const { data: user } = await userEntity(ctx.db)
      .get({ id: link?.user_id ?? "" })
      .go();
    expect(user?.is_admin).toBe(true);
    expect(user?.password_hash).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(user?.password_hash).not.toContain("secret-admin");
  });
});

describe("GET /api/products", () => {
  it("lists the active products with integer ids from 1, prices in euros", async () => {
    const response = await api("/api/products");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const products = productSchema.array().parse(await response.json());
    expect(products.map((p) => p.id)).toEqual(seedProducts.map((_, index) => index + 1));
    expect(products[0]?.price).toBe(seedProducts[0]?.price);
    expect(products.every((p) => p.is_active)).toBe(true);
  });

  it("leaves out inactive products", async () => {
    await productEntity(ctx.db).patch({ id: 2 }).set({ is_active: false }).go();
    try {
      const products = (await (await api("/api/products")).json()) as { id: number }[];
      expect(products.map((p) => p.id)).not.toContain(2);
      expect((await api("/api/products/2")).status).toBe(404);
    } finally {
      await productEntity(ctx.db).patch({ id: 2 }).set({ is_active: true }).go();
    }
  });
});

describe("GET /api/products/{id}", () => {
  it("answers one product", async () => {
    const response = await api("/api/products/1");
    expect(response.status).toBe(200);
    expect(productSchema.parse(await response.json()).name).toBe(seedProducts[0]?.name);
  });

  it("answers 404 with the JSON error shape for an unknown id", async () => {
    const response = await api("/api/products/999999");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Produit non trouvé", code: "PRODUCT_NOT_FOUND" });
  });

  it.each(["abc", "0", "-1", "1.5", "1e3"])("answers 400 VALIDATION for id %j, never a 500", async (id) => {
    const response = await api(`/api/products/${id}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe("VALIDATION");
    expect(body.fields.id).toBe("Identifiant de produit invalide.");
  });
});

describe("public settings", () => {
  it("GET /api/settings/shipping gives the spec's defaults", async () => {
    expect(await (await api("/api/settings/shipping")).json()).toEqual({
      standard_cost: 7.8,
      free_shipping_threshold: 100,
      // Issue 31: no pick-up point before the Colissimo card is complete (tests/integration/pickup-points.test.ts).
      pickup: null,
    });
  });

  it("GET /api/settings/company merges company info with the carrier and threshold", async () => {
    // The public company fields: the shop's identity and its mediator, nothing else of the setting.
    const shown = [
      "name",
      "email",
      "phone",
      "address",
      "legal_name",
      "legal_form",
      "siret",
      "vat_number",
      "vat_mode",
      "mediator_name",
      "mediator_url",
    ] as const;
    const company = defaultSettings.company_info;
    expect(await (await api("/api/settings/company")).json()).toEqual({
      ...Object.fromEntries(shown.map((key) => [key, company[key]])),
      shipping_company: "Colissimo",
      free_shipping_threshold: 100,
    });
  });

  it("GET /api/settings/maintenance is off with the default message", async () => {
    const body = (await (await api("/api/settings/maintenance")).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      enabled: false,
      message: "Site en maintenance temporaire. Nous serons de retour bientôt!",
      countdown_hours: 2,
      countdown_minutes: 30,
    });
  });

  it("reflects a changed setting", async () => {
    await putSetting(ctx.deps, "shipping", {
      ...defaultSettings.shipping,
      free_shipping_threshold: 60,
      standard_cost: 4.9,
    });
    try {
      expect(await (await api("/api/settings/shipping")).json()).toEqual({
        standard_cost: 4.9,
        free_shipping_threshold: 60,
        pickup: null,
      });
    } finally {
      await putSetting(ctx.deps, "shipping", defaultSettings.shipping);
    }
  });

  it("falls back to the defaults when a stored row is unreadable", async () => {
    await settingEntity(ctx.db)
      .put({ key: "shipping", value: { standard_cost: "beaucoup" }, updated_at: "x" })
      .go();
    try {
      expect(await (await api("/api/settings/shipping")).json()).toEqual({
        standard_cost: 7.8,
        free_shipping_threshold: 100,
        pickup: null,
      });
    } finally {
      await putSetting(ctx.deps, "shipping", defaultSettings.shipping);
    }
  });
});

describe("API conventions", () => {
  it("answers unknown API paths with a JSON 404", async () => {
    const response = await api("/api/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Ressource introuvable.", code: "NOT_FOUND" });
  });

  it("marks API answers as not cacheable, unless a route says otherwise (public reads: public-reads.test.ts)", async () => {
    expect((await api("/api/auth/me")).headers.get("cache-control")).toBe("no-store");
    expect((await api("/api/nope")).headers.get("cache-control")).toBe("no-store");
  });

  it("lets a bodiless DELETE through, as browsers send it (no Content-Type, no Content-Length)", async () => {
    const response = await api("/api/user/addresses/01J00000000000000000000000", { method: "DELETE" });
    expect(response.status).toBe(401);
  });

  it("refuses a state-changing call that is not JSON", async () => {
    const response = await api("/api/products", {
      method: "POST",
      body: "a=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { code: string }).code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });
});

/**
 * The owner's reductions (docs/decisions/054-price-reductions.md) over HTTP on DynamoDB Local: scheduled with the
 * reference price the shop computes, refused in French naming the product, the price in force read by the shop's
 * public reads from the start (included) to the end (excluded), cancelled or stopped, and the owner's price held.
 */
import { describe, expect, it } from "vitest";
import { priceHistory } from "../../functions/catalog/price-history";
import { productEntity } from "../../functions/catalog/product-entity";
import { createTestContext } from "../setup/test-db";
import { COMPLETE_COSMETICS } from "../support/cosmetics";
import { createCustomer } from "../support/customers";
import { createSoap } from "../support/products";

let now = new Date("2026-10-01T08:00:00.000Z");
const ctx = await createTestContext({ now: () => now });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const customer = await createCustomer(ctx.deps, ctx.app);
const DAY = 86_400_000;
const later = (days: number) => new Date(now.getTime() + days * DAY);

const schedule = (body: Record<string, unknown>, owner = admin) =>
  owner.call("POST", "/api/admin/reductions", body);
/** The owner signed in at the test's clock, sessions expiring as they do. */
const ownerNow = () => createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const promotion = (ids: number[], from: Date, to: Date, percent = 20) => ({
  product_ids: ids,
  kind: "promotion",
  change: { type: "percent", percent },
  starts_at: from.toISOString(),
  ends_at: to.toISOString(),
});
const publicProduct = async (id: number) => (await ctx.app.request(`/api/products/${id}`)).json();

describe("scheduling a reduction", () => {
  it("announces the reduced price from its start to its end, with the reference the shop computed", async () => {
    now = new Date("2026-10-01T08:00:00.000Z");
    const soap = await createSoap(ctx.deps, { price: 12 });
    now = later(10);
    // Lowered to 10 €, then back to 12 €: the lowest of the 30 days before the reduction is 10 €.
    await productEntity(ctx.db).patch({ id: soap.id }).set({ price_cents: 1000 }).go();
    const start = later(5);
    const end = later(12);
    const answer = await schedule(promotion([soap.id], start, end, 25));
    expect(answer.status).toBe(201);
    const { reduction } = await answer.json();
    expect(reduction).toMatchObject({
      kind: "promotion",
      status: "scheduled",
      products: [{ id: soap.id, price: 10, reduced_price: 7.5, reference: 12, percent: 37 }],
    });

    now = new Date(start.getTime() - 1);
    expect(await publicProduct(soap.id)).toMatchObject({ price: 10, reduction: null });
    now = start;
    expect(await publicProduct(soap.id)).toMatchObject({
      price: 7.5,
      reduction: { kind: "promotion", reference: 12, percent: 37, ends_at: end.toISOString() },
    });
    const list = await (await ctx.app.request("/api/products")).json();
    expect(list.find((product: { id: number }) => product.id === soap.id)).toMatchObject({ price: 7.5 });
    now = end;
    expect(await publicProduct(soap.id)).toMatchObject({ price: 10, reduction: null });

    // The history has the creation, then the reduction's start and end lines at their instants.
    const history = await priceHistory(ctx.deps, soap.id);
    expect(history.map((line) => [line.price, line.reason])).toEqual([
      [1200, "created"],
      [750, "reduction_start"],
      [1000, "reduction_end"],
    ]);
    const shown = await admin.call("GET", `/api/admin/reductions/history/${soap.id}`);
    expect((await shown.json()).history.map((line: { reason: string }) => line.reason)).toEqual([
      "created",
      "reduction_start",
      "reduction_end",
    ]);
  });

  it("refuses « Soldes » outside the national period, and a product on sale less than a month before, naming it", async () => {
    now = new Date("2026-12-20T10:00:00.000Z");
    const owner = await ownerNow();
    const young = await createSoap(ctx.deps);
    const outside = await schedule(
      {
        ...promotion([young.id], new Date("2026-12-26T08:00:00Z"), new Date("2026-12-30T08:00:00Z")),
        kind: "soldes",
      },
      owner,
    );
    expect(outside.status).toBe(409);
    const refused = await outside.json();
    expect(refused.code).toBe("REDUCTION_REFUSED");
    expect(refused.refusals).toEqual([expect.stringContaining("« Soldes » n'est permis que pendant")]);

    const winter = await schedule(
      {
        ...promotion([young.id], new Date("2027-01-06T07:00:00Z"), new Date("2027-01-20T07:00:00Z")),
        kind: "soldes",
      },
      owner,
    );
    expect(winter.status).toBe(409);
    expect((await winter.json()).refusals).toEqual([
      expect.stringContaining(
        `« ${young.name} » est en vente depuis moins d'un mois avant le début des soldes`,
      ),
    ]);
  });

  it("accepts « Soldes » inside the period for a product on sale a month before", async () => {
    now = new Date("2026-11-20T10:00:00.000Z");
    const old = await createSoap(ctx.deps);
    now = new Date("2026-12-20T10:00:00.000Z");
    const answer = await schedule(
      {
        ...promotion([old.id], new Date("2027-01-06T07:00:00Z"), new Date("2027-02-02T23:00:00Z")),
        kind: "soldes",
      },
      await ownerNow(),
    );
    expect(answer.status).toBe(201);
    now = new Date("2027-01-06T07:00:00Z");
    expect(await publicProduct(old.id)).toMatchObject({
      price: 8,
      reduction: { kind: "soldes", percent: 20 },
    });
  });

  it("refuses an overlap; of 10 overlapping reductions sent at once, exactly one is scheduled", async () => {
    now = new Date("2026-10-01T08:00:00.000Z");
    const soap = await createSoap(ctx.deps);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        schedule(promotion([soap.id], later(2 + i / 10), later(9), 10 + i)),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      const body = await refused.json();
      expect(["REDUCTION_REFUSED", "REDUCTIONS_CHANGED"]).toContain(body.code);
    }
    const { data } = await productEntity(ctx.db).get({ id: soap.id }).go();
    expect(data?.reductions).toHaveLength(1);
    expect(await priceHistory(ctx.deps, soap.id)).toHaveLength(3);
  });

  it("holds the owner's price while a reduction is scheduled, and frees it once cancelled", async () => {
    now = new Date("2026-10-01T08:00:00.000Z");
    const soap = await createSoap(ctx.deps);
    const { reduction } = await (await schedule(promotion([soap.id], later(3), later(6)))).json();
    const form = {
      name: soap.name,
      price: 11,
      weight: "200g",
      image: "/images/products/savon-premium.svg",
      description: "Un savon",
      stock: 10,
      stock_loaded: 10,
      low_stock_threshold: 2,
      benefits: [],
      is_active: true,
      ...COMPLETE_COSMETICS,
    };
    const held = await admin.call("PUT", `/api/admin/products/${soap.id}`, form);
    expect(held.status).toBe(409);
    expect(await held.json()).toMatchObject({ code: "PRICE_HELD_BY_REDUCTION" });

    expect((await admin.call("DELETE", `/api/admin/reductions/${reduction.id}`)).status).toBe(204);
    expect((await priceHistory(ctx.deps, soap.id)).map((line) => line.reason)).toEqual(["created"]);
    expect((await admin.call("PUT", `/api/admin/products/${soap.id}`, form)).status).toBe(200);
  });

  it("stops a running reduction now: the regular price is back and the end line is dated now", async () => {
    now = new Date("2026-10-01T08:00:00.000Z");
    const soap = await createSoap(ctx.deps);
    const { reduction } = await (await schedule(promotion([soap.id], later(1), later(10)))).json();
    now = later(2);
    expect(await publicProduct(soap.id)).toMatchObject({ price: 8 });
    expect((await admin.call("DELETE", `/api/admin/reductions/${reduction.id}`)).status).toBe(204);
    expect(await publicProduct(soap.id)).toMatchObject({ price: 10, reduction: null });
    const history = await priceHistory(ctx.deps, soap.id);
    expect(history.at(-1)).toEqual({ price: 1000, from: now.toISOString(), reason: "reduction_end" });
    const again = await admin.call("DELETE", `/api/admin/reductions/${reduction.id}`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "REDUCTION_OVER" });
  });

  it("answers French 400s and 404s, and only to the owner", async () => {
    now = new Date("2026-10-01T08:00:00.000Z");
    const soap = await createSoap(ctx.deps);
    const bad = await schedule({ ...promotion([soap.id], later(3), later(2)) });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("La fin doit venir après le début.");
    expect((await schedule(promotion([999_999], later(1), later(2)))).status).toBe(404);
    expect((await admin.call("DELETE", "/api/admin/reductions/01JUNKNOWNREDUCTION0000000")).status).toBe(404);
    expect(
      (await customer.call("POST", "/api/admin/reductions", promotion([soap.id], later(1), later(2)))).status,
    ).toBe(403);
    expect((await customer.call("GET", "/api/admin/reductions")).status).toBe(403);
  });
});

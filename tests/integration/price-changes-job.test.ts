/**
 * The PriceChanges job (docs/decisions/054-price-reductions.md): the pages are marked stale once after each
 * reduction's start and end, not again while a publish asked for after it is coming; a product created before the
 * price history gets its first line once, even with two runs at the same moment.
 */
import { describe, expect, it } from "vitest";
import { priceChangeEntity } from "../../functions/catalog/price-change-entity";
import { priceHistory } from "../../functions/catalog/price-history";
import { productEntity } from "../../functions/catalog/product-entity";
import { lastPublishRequest, markSiteStale } from "../../functions/publishing/publishing";
import { followPriceChanges } from "../../functions/reductions/on-time";
import { createTestContext } from "../setup/test-db";
import { createCustomer } from "../support/customers";
import { createSoap } from "../support/products";

let now = new Date("2026-10-01T08:00:00.000Z");
const ctx = await createTestContext({ now: () => now });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const MINUTE = 60_000;
const at = (ms: number) => new Date(now.getTime() + ms);

describe("the PriceChanges job", () => {
  it("marks the pages stale once after a reduction's start and once after its end", async () => {
    const soap = await createSoap(ctx.deps);
    await markSiteStale(ctx.deps, "Produit créé");
    const start = at(60 * MINUTE);
    const end = at(120 * MINUTE);
    const scheduled = await admin.call("POST", "/api/admin/reductions", {
      product_ids: [soap.id],
      kind: "promotion",
      change: { type: "percent", percent: 10 },
      starts_at: start.toISOString(),
      ends_at: end.toISOString(),
    });
    expect(scheduled.status).toBe(201);

    now = at(30 * MINUTE);
    expect((await followPriceChanges(ctx.deps)).staleFor).toBeNull();
    now = at(31 * MINUTE + 1);
    expect(await followPriceChanges(ctx.deps)).toMatchObject({ staleFor: start.toISOString() });
    expect(await lastPublishRequest(ctx.deps)).toBe(now.toISOString());
    // Asked for after the start: the coming publish reads the reduced price, no second request.
    now = at(5 * MINUTE);
    expect((await followPriceChanges(ctx.deps)).staleFor).toBeNull();
    now = end;
    expect(await followPriceChanges(ctx.deps)).toMatchObject({ staleFor: end.toISOString() });
    now = at(5 * MINUTE);
    expect((await followPriceChanges(ctx.deps)).staleFor).toBeNull();
  });

  it("writes the first price line of a product older than the history, once with two runs at once", async () => {
    const soap = await createSoap(ctx.deps, { price: 9 });
    // As a product created before the history existed: no line, no mark.
    const lines = await priceChangeEntity(ctx.db).query.byProduct({ product_id: soap.id }).go();
    await priceChangeEntity(ctx.db).delete(lines.data).go();
    await productEntity(ctx.db).patch({ id: soap.id }).remove(["price_recorded_at"]).go();

    now = at(MINUTE);
    const runs = await Promise.all([followPriceChanges(ctx.deps), followPriceChanges(ctx.deps)]);
    expect(runs.flatMap((run) => run.recorded).filter((id) => id === soap.id)).toEqual([soap.id]);
    expect(await priceHistory(ctx.deps, soap.id)).toEqual([
      { price: 900, from: now.toISOString(), reason: "recorded" },
    ]);
    expect((await followPriceChanges(ctx.deps)).recorded).toEqual([]);
  });
});

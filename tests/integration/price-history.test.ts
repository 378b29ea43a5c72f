/**
 * A product's price history (docs/decisions/054-price-reductions.md): a line per price change, written with the
 * price in one transaction, from which the reference price of a reduction is computed.
 */
import { describe, expect, it } from "vitest";
import { priceHistory } from "../../functions/catalog/price-history";
import { productEntity } from "../../functions/catalog/product-entity";
import { referencePrice } from "../../src/domain/reductions/reference-price";
import { createTestContext } from "../setup/test-db";
import { COMPLETE_COSMETICS } from "../support/cosmetics";
import { createCustomer } from "../support/customers";
import { createSoap } from "../support/products";

let now = new Date("2026-11-01T09:00:00.000Z");
let ticks = 0;
// Each reading of the clock a millisecond later, so parallel edits' lines fall in the order they were made.
const ctx = await createTestContext({ now: () => new Date(now.getTime() + ticks++) });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const DAY = 86_400_000;

/** The owner's product form, as she saves it with the stock it showed. */
const form = (price: number, stock = 10) => ({
  name: "Savon au laurier",
  price,
  weight: "200g",
  image: "/images/products/savon-premium.svg",
  description: "Un savon",
  stock,
  stock_loaded: stock,
  low_stock_threshold: 2,
  benefits: [],
  is_active: true,
  ...COMPLETE_COSMETICS,
});
const save = (id: number, price: number) => admin.call("PUT", `/api/admin/products/${id}`, form(price));

describe("the price history", () => {
  it("has the creation's price, then a line per change of price only, and gives the reference price", async () => {
    now = new Date("2026-11-01T09:00:00.000Z");
    const soap = await createSoap(ctx.deps, { price: 8 });
    now = new Date(now.getTime() + 20 * DAY);
    expect((await save(soap.id, 10)).status).toBe(200);
    now = new Date(now.getTime() + DAY);
    expect((await save(soap.id, 10)).status).toBe(200);

    const history = await priceHistory(ctx.deps, soap.id);
    expect(history.map(({ price, reason }) => [price, reason])).toEqual([
      [800, "created"],
      [1000, "edited"],
    ]);
    // Twenty days at 8 € then 10 €: a reduction starting now compares with 8 €, one 31 days later with 10 €.
    expect(referencePrice(history, now)).toBe(800);
    expect(referencePrice(history, new Date(now.getTime() + 31 * DAY))).toBe(1000);
  });

  it("stays the true story of the price with 10 parallel edits: each kept price has its line, the last is the price", async () => {
    const soap = await createSoap(ctx.deps, { price: 10 });
    const prices = Array.from({ length: 10 }, (_, i) => 11 + i);
    const answers = await Promise.all(prices.map((price) => save(soap.id, price)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(await answer.json()).toMatchObject({ code: "PRODUCT_CHANGED" });

    const history = await priceHistory(ctx.deps, soap.id);
    const kept = prices.filter((_, i) => statuses[i] === 200);
    expect(
      history
        .slice(1)
        .map((line) => line.price)
        .sort(),
    ).toEqual(kept.map((price) => price * 100).sort());
    const { data } = await productEntity(ctx.db).get({ id: soap.id }).go();
    expect(history.at(-1)?.price).toBe(data?.price_cents);
  });
});

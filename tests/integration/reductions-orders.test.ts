/**
 * The price an order is charged is the one in force at its instant (docs/decisions/054-price-reductions.md): orders
 * on either side of a reduction's start and end, in parallel; a stale total answered PRICE_CHANGED; promo codes after
 * the reduction, combining with « Soldes » or not; a PayPal approval keeping its amount when the reduction ends.
 */
import { describe, expect, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { orderEntity } from "../../functions/orders/entity";
import { promoEntity } from "../../functions/promos/entity";
import type { Order } from "../../src/domain/orders/order";
import { nationalSalesPeriods } from "../../src/domain/reductions/sales-periods";
import { createTestContext } from "../setup/test-db";
import { createCustomer, type TestCustomer } from "../support/customers";
import { withPaypalDouble } from "../support/paypal";
import { createSoap } from "../support/products";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
let now = new Date("2026-11-02T09:00:00.000Z");
const ctx = await createTestContext({ now: () => new Date(now.getTime()) });
const paypalDouble = withPaypalDouble(ctx.deps);

const winter = nationalSalesPeriods(2027)[0];
if (!winter) throw new Error("no winter sales in 2027");
const start = winter.start;
const end = new Date(start.getTime() + 7 * DAY);
const flash = new Date(start.getTime() + 2 * DAY);

// On sale from today, so more than a month before the winter sales: « Soldes » may include them.
const sale = await createSoap(ctx.deps, { price: 20, stock: 100 });
const saleToo = await createSoap(ctx.deps, { price: 16, stock: 100 });
const regular = await createSoap(ctx.deps, { price: 10, stock: 100 });
const endsDuringApproval = await createSoap(ctx.deps, { price: 12, stock: 20 });
const stoppedDuringApproval = await createSoap(ctx.deps, { price: 12, stock: 20 });

// The owner and the buyers sign in two days before the sales (their sessions last 30 days).
now = new Date(start.getTime() - 2 * DAY);
const owner = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const buyers = await Promise.all(Array.from({ length: 10 }, () => createCustomer(ctx.deps, ctx.app)));
const buyer = buyers[0] as TestCustomer;

async function schedule(body: object): Promise<string> {
  const response = await owner.call("POST", "/api/admin/reductions", body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { reduction: { id: string } }).reduction.id;
}
// 25 % off: 20 € -> 15 €, 16 € -> 12 €.
await schedule({
  product_ids: [sale.id, saleToo.id],
  kind: "soldes",
  change: { type: "percent", percent: 25 },
  starts_at: start.toISOString(),
  ends_at: end.toISOString(),
});
// « Promotion » at 9 € for an hour; the other one stopped by the owner before its end.
await schedule({
  product_ids: [endsDuringApproval.id],
  kind: "promotion",
  change: { type: "price", price_cents: 900 },
  starts_at: flash.toISOString(),
  ends_at: new Date(flash.getTime() + HOUR).toISOString(),
});
const toStop = await schedule({
  product_ids: [stoppedDuringApproval.id],
  kind: "promotion",
  change: { type: "price", price_cents: 900 },
  starts_at: flash.toISOString(),
  ends_at: new Date(flash.getTime() + DAY).toISOString(),
});

type Lines = [productId: number, quantity: number][];
const place = (customer: TestCustomer, lines: Lines, total: number, more: object = {}) =>
  customer.call("POST", "/api/orders", {
    items: lines.map(([product_id, quantity]) => ({ product_id, quantity })),
    shipping_address_id: customer.addressId,
    total_amount: total,
    payment_method: "bank_transfer",
    transfer_sender_name: "Client",
    ...more,
  });
async function placed(response: Response): Promise<Order> {
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { order: Order }).order;
}
/** The stored order's lines: unit price and the reduction it was charged under. */
async function storedLines(orderId: string) {
  const { data } = await orderEntity(ctx.db).get({ id: orderId }).go();
  return (data?.items ?? []).map((item) => [item.product_id, item.unit_price_cents, item.reduction ?? null]);
}
const stockOf = async (id: number) => (await productEntity(ctx.db).get({ id }).go()).data?.stock;

/** Ten buyers order one `sale` soap each, all at once, at `at`, paying `total`. */
async function tenAt(at: Date, total: number) {
  now = at;
  return Promise.all(buyers.map(async (customer) => placed(await place(customer, [[sale.id, 1]], total))));
}

const SOLDES_LINE = { kind: "soldes", reference_cents: 2000 };

describe("orders around a « Soldes » scheduled by the owner", () => {
  it("charge the regular price a millisecond before its start, the reduced price from its start", async () => {
    const before = await tenAt(new Date(start.getTime() - 1), 27.8);
    const from = await tenAt(start, 22.8);
    for (const order of before) expect(await storedLines(order.id)).toEqual([[sale.id, 2000, null]]);
    for (const order of from) expect(await storedLines(order.id)).toEqual([[sale.id, 1500, SOLDES_LINE]]);
    expect(from.map((order) => order.total_amount)).toEqual(Array(10).fill(22.8));
    expect(await stockOf(sale.id)).toBe(80);
  });

  it("answer a total computed on the regular price with PRICE_CHANGED and the server's totals, taking nothing", async () => {
    now = new Date(start.getTime() + HOUR);
    const response = await place(buyer, [[sale.id, 2]], 47.8);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: "PRICE_CHANGED",
      totals: { subtotal_amount: 30, shipping_amount: 7.8, discount_amount: 0, total_amount: 37.8 },
    });
    expect(await stockOf(sale.id)).toBe(80);
  });

  it("charge the reduced price a millisecond before its end, the regular price again from its end", async () => {
    const last = await tenAt(new Date(end.getTime() - 1), 22.8);
    const after = await tenAt(end, 27.8);
    for (const order of last) expect(await storedLines(order.id)).toEqual([[sale.id, 1500, SOLDES_LINE]]);
    for (const order of after) expect(await storedLines(order.id)).toEqual([[sale.id, 2000, null]]);
    const stale = await place(buyer, [[sale.id, 1]], 22.8);
    expect(await stale.json()).toMatchObject({ code: "PRICE_CHANGED", totals: { total_amount: 27.8 } });
    expect(await stockOf(sale.id)).toBe(60);
  });
});

/** A promo of 10 % made in the owner's form, combining with « Soldes » or not. */
async function tenPercent(code: string, combines: boolean): Promise<string> {
  const response = await owner.call("POST", "/api/admin/promo", {
    code,
    discount_type: "percentage",
    discount_value: 10,
    max_uses_per_user: 100,
    starts_at: new Date(start.getTime() - DAY).toISOString(),
    combines_with_soldes: combines,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const promo = (await response.json()) as { id: string; combines_with_soldes: boolean };
  expect(promo.combines_with_soldes).toBe(combines);
  return promo.id;
}
const validate = (code: string, lines: Lines, total: number) =>
  buyer.call("POST", "/api/promo/validate", {
    promo_code: code,
    total_amount: total,
    items: lines.map(([product_id, quantity]) => ({ product_id, quantity })),
  });

describe("promo codes during « Soldes »", () => {
  // A mixed cart: 12 € in « Soldes » and 10 € not: 22 €, shipping 7,80 €.
  const mixed: Lines = [
    [saleToo.id, 1],
    [regular.id, 1],
  ];

  it("apply after the reduction; a code that combines discounts every line", async () => {
    now = new Date(start.getTime() + DAY);
    const id = await tenPercent("AVECSOLDES", true);
    const order = await placed(await place(buyer, mixed, 27.6, { promo_code_id: id }));
    expect([order.subtotal_amount, order.discount_amount, order.total_amount]).toEqual([22, 2.2, 27.6]);
    expect(await storedLines(order.id)).toEqual([
      [saleToo.id, 1200, { kind: "soldes", reference_cents: 1600 }],
      [regular.id, 1000, null],
    ]);
    const check = await validate("AVECSOLDES", mixed, 22);
    expect(await check.json()).toMatchObject({
      valid: true,
      promo: { discount_amount: 2.2, excluded_product_ids: [], eligible_amount: 22 },
    });
  });

  it("a code that does not combine discounts the other lines only, and the check says which it leaves", async () => {
    now = new Date(start.getTime() + DAY);
    const id = await tenPercent("HORSSOLDES", false);
    const check = await validate("HORSSOLDES", mixed, 22);
    expect(await check.json()).toMatchObject({
      valid: true,
      promo: { discount_amount: 1, excluded_product_ids: [saleToo.id], eligible_amount: 10 },
    });
    // The page's total with the discount on every line is refused with the server's figures.
    const wrong = await place(buyer, mixed, 27.6, { promo_code_id: id });
    expect(await wrong.json()).toMatchObject({
      code: "PRICE_CHANGED",
      totals: { subtotal_amount: 22, shipping_amount: 7.8, discount_amount: 1, total_amount: 28.8 },
    });
    const order = await placed(await place(buyer, mixed, 28.8, { promo_code_id: id }));
    expect([order.subtotal_amount, order.discount_amount, order.total_amount]).toEqual([22, 1, 28.8]);
    // Saved again by a form that does not send the choice: it is kept.
    const saved = await owner.call("PUT", `/api/admin/promo/${id}`, {
      code: "HORSSOLDES",
      discount_type: "percentage",
      discount_value: 12,
      starts_at: new Date(start.getTime() - DAY).toISOString(),
    });
    expect(await saved.json()).toMatchObject({ discount_value: 12, combines_with_soldes: false });
  });

  it("refuses in French a code that does not combine with a cart all in « Soldes », taking nothing", async () => {
    now = new Date(start.getTime() + DAY);
    const id = await tenPercent("PASSOLDES", false);
    const stock = await stockOf(saleToo.id);
    const refused = await place(buyer, [[saleToo.id, 2]], 31.8, { promo_code_id: id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "PROMO_SOLDES_EXCLUDED",
      error: "Ce code ne s'applique pas aux articles soldés.",
    });
    expect(await stockOf(saleToo.id)).toBe(stock);
    const check = await validate("PASSOLDES", [[saleToo.id, 2]], 24);
    expect(await check.json()).toEqual({
      valid: false,
      error: "Ce code ne s'applique pas aux articles soldés.",
    });
  });

  it("judges a code's minimum on the lines it applies to", async () => {
    now = new Date(start.getTime() + DAY);
    const response = await owner.call("POST", "/api/admin/promo", {
      code: "DES15",
      discount_type: "fixed_amount",
      discount_value: 2,
      min_order_amount: 15,
      starts_at: new Date(start.getTime() - DAY).toISOString(),
      combines_with_soldes: false,
    });
    const { id } = (await response.json()) as { id: string };
    // 22 € in the cart, but only 10 € the code applies to.
    const refused = await place(buyer, mixed, 27.8, { promo_code_id: id });
    expect(await refused.json()).toMatchObject({ code: "PROMO_MIN_ORDER" });
  });

  it("a code made before the choice existed combines, as it did", async () => {
    now = new Date(start.getTime() + DAY);
    const id = await tenPercent("ANCIEN", false);
    await promoEntity(ctx.db).patch({ id }).remove(["combines_with_soldes"]).go();
    const order = await placed(
      await place(buyers[1] as TestCustomer, [[saleToo.id, 2]], 29.4, { promo_code_id: id }),
    );
    expect([order.subtotal_amount, order.discount_amount]).toEqual([24, 2.4]);
  });
});

describe("a PayPal approval open when the reduction ends", () => {
  const createPaypal = (customer: TestCustomer, productId: number, total: number) =>
    customer.call("POST", "/api/paypal-payment/create-order", {
      items: [{ product_id: productId, quantity: 1 }],
      shipping_address_id: customer.addressId,
      total_amount: total,
      amount: total.toFixed(2),
      currency: "EUR",
    });
  const capture = (customer: TestCustomer, orderID: string) =>
    customer.call("POST", "/api/paypal-payment/capture-order", { orderID });

  /** Created at the reduced 9 € (16,80 € with shipping), approved; captured once `ended` ended the reduction. */
  async function approvedThenEnded(productId: number, customer: TestCustomer, ended: () => Promise<void>) {
    const paypal = paypalDouble.double;
    const created = await createPaypal(customer, productId, 16.8);
    expect(created.status, await created.clone().text()).toBe(201);
    const { id, order_id } = (await created.json()) as { id: string; order_id: string };
    expect(paypal.orders.get(id)?.request.purchase_units[0]?.amount.value).toBe("16.80");
    paypal.approve(id);
    await ended();
    // The regular price is in force again: a new order is charged 12 €.
    const fresh = await createPaypal(buyers[9] as TestCustomer, productId, 16.8);
    expect(await fresh.json()).toMatchObject({ code: "PRICE_CHANGED", totals: { total_amount: 19.8 } });

    const captured = await capture(customer, id);
    expect(captured.status, await captured.clone().text()).toBe(200);
    const { order } = (await captured.json()) as { order: Order };
    expect(order).toMatchObject({ payment_status: "completed", status: "confirmed", total_amount: 16.8 });
    const charged = [...paypal.captures.values()].filter((c) => c.orderId === id);
    expect(charged.map((c) => [c.status, c.amountCents])).toEqual([["COMPLETED", 1680]]);
    expect(await storedLines(order_id)).toEqual([
      [productId, 900, { kind: "promotion", reference_cents: 1200 }],
    ]);
  }

  it("is captured for the amount approved after the test clock passed the reduction's end", async () => {
    now = new Date(flash.getTime() + 50 * MINUTE);
    await approvedThenEnded(endsDuringApproval.id, buyers[2] as TestCustomer, async () => {
      now = new Date(flash.getTime() + HOUR + 5 * MINUTE);
    });
  });

  it("is captured for the amount approved after the owner stopped the reduction", async () => {
    now = new Date(flash.getTime() + 2 * HOUR);
    await approvedThenEnded(stoppedDuringApproval.id, buyers[3] as TestCustomer, async () => {
      now = new Date(now.getTime() + MINUTE);
      const stopped = await owner.call("DELETE", `/api/admin/reductions/${toStop}`);
      expect(stopped.status).toBe(204);
      now = new Date(now.getTime() + MINUTE);
    });
  });
});

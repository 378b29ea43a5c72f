import { beforeEach, describe, expect, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { createProduct } from "../../functions/catalog/service";
import { orderEntity } from "../../functions/orders/entity";
import { putPaypalSetting } from "../../functions/payments/paypal-secret";
import { promoEntity, promoUsageEntity } from "../../functions/promos/entity";
import { createPromo } from "../../functions/promos/service";
import { getSetting, putSetting } from "../../functions/settings/service";
import type { Order } from "../../src/domain/orders/order";
import { defaultSettings } from "../../src/domain/settings/settings";
import { createTestContext } from "../setup/test-db";
import { COMPLETE_COSMETICS } from "../support/cosmetics";
import { createCustomer, type TestCustomer } from "../support/customers";
import { readMails } from "../support/mail";
import { PAYPAL_SET_UP, SHOP_BANK, SHOP_COMPANY } from "../support/shop-setup";

let offset = 0;
const ctx = await createTestContext({ now: () => new Date(Date.now() + offset) });

const soap = {
  name: "Savon test",
  price: 12.9,
  weight: "200g",
  image: "/images/products/savon-premium.svg",
  description: "Un savon",
  long_description: "",
  category: "Savons",
  stock: 100,
  low_stock_threshold: 10,
  benefits: [],
  ingredients: "",
  usage: "",
  is_active: true,
  ...COMPLETE_COSMETICS,
};

async function product(overrides: Partial<typeof soap> = {}) {
  return createProduct(ctx.deps, { ...soap, ...overrides });
}
async function stockOf(id: number) {
  return (await productEntity(ctx.db).get({ id }).go()).data?.stock;
}
function orderBody(
  customer: TestCustomer,
  items: { product_id: number; quantity: number }[],
  total: number,
  extra = {},
) {
  return {
    items,
    shipping_address_id: customer.addressId,
    order_notes: null,
    total_amount: total,
    payment_method: "bank_transfer",
    payment_status: "pending",
    transfer_sender_name: "Lina Moreau",
    ...extra,
  };
}
const place = (customer: TestCustomer, body: unknown, headers?: Record<string, string>) =>
  customer.call("POST", "/api/orders", body, headers);

beforeEach(() => {
  offset = 0;
});

describe("placing a bank-transfer order", () => {
  it("prices from the catalogue, adds shipping below 100 €, takes the stock and sends the confirmation", async () => {
    const p = await product({ stock: 10 });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const response = await place(
      customer,
      orderBody(
        customer,
        [{ product_id: p.id, quantity: 2, unit_price: 0.01, total_price: 0.02 } as never],
        33.6,
        {
          order_notes: "Merci de sonner deux fois",
        },
      ),
    );
    expect(response.status).toBe(201);
    const { order } = (await response.json()) as { order: Order };
    expect(order).toMatchObject({
      status: "pending",
      payment_method: "bank_transfer",
      payment_status: "pending",
      subtotal_amount: 25.8,
      shipping_amount: 7.8,
      discount_amount: 0,
      total_amount: 33.6,
      original_total: 33.6,
      order_notes: "Merci de sonner deux fois",
      promo_code: null,
    });
    expect(order.items[0]).toMatchObject({
      product_name: "Savon test",
      unit_price: 12.9,
      quantity: 2,
      total_price: 25.8,
    });
    expect(order.transfer_reference).toBe(`CMD-${order.id.slice(-8)}`);
    expect(order.shipping_address).toMatchObject({
      city: "Marseille",
      country: "France",
      phone: "+33611223344",
    });
    expect(await stockOf(p.id)).toBe(8);

    // Sent after the answer (the account mail queue, issue 18).
    await ctx.deps.accountMail.flush();
    const mail = readMails(ctx.mailDir).find((m) => m.to === customer.email);
    expect(mail?.subject).toContain(`Confirmation de votre commande n° ${order.id.slice(-8)}`);
    expect(mail?.text).toContain(`IBAN : ${SHOP_BANK.iban}`);
    expect(mail?.text).toContain(`BIC : ${SHOP_BANK.bic}`);
    expect(mail?.text).toContain(`Référence à indiquer : ${order.transfer_reference}`);
    expect(mail?.text).toContain("Total : 33,60\u00a0€");
  });

  it("gives free shipping when the subtotal reaches the threshold exactly", async () => {
    const p = await product({ price: 25 });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const response = await place(customer, orderBody(customer, [{ product_id: p.id, quantity: 4 }], 100));
    expect(response.status).toBe(201);
    expect(((await response.json()) as { order: Order }).order.shipping_amount).toBe(0);
  });

  it("refuses a tampered total with 409 PRICE_CHANGED and the server's figures, taking nothing", async () => {
    const p = await product({ stock: 5 });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const response = await place(customer, orderBody(customer, [{ product_id: p.id, quantity: 1 }], 0.01));
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: "PRICE_CHANGED",
      totals: { subtotal_amount: 12.9, shipping_amount: 7.8, discount_amount: 0, total_amount: 20.7 },
    });
    expect(await stockOf(p.id)).toBe(5);
  });

  it("merges two lines of the same product before checking the stock", async () => {
    const p = await product({ stock: 3 });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const body = orderBody(
      customer,
      [
        { product_id: p.id, quantity: 2 },
        { product_id: p.id, quantity: 2 },
      ],
      12.9 * 4,
    );
    const response = await place(customer, body);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: "OUT_OF_STOCK" });
    expect(await stockOf(p.id)).toBe(3);
  });

  it("refuses an inactive product and an unknown one", async () => {
    const p = await product({ is_active: false });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const inactive = await place(customer, orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7));
    expect(inactive.status).toBe(409);
    expect(((await inactive.json()) as { code: string }).code).toBe("PRODUCT_UNAVAILABLE");
    const unknown = await place(customer, orderBody(customer, [{ product_id: 987654, quantity: 1 }], 20.7));
    expect(unknown.status).toBe(409);
  });

  it("refuses another customer's address, an empty cart and a missing sender name, never a 500", async () => {
    const p = await product();
    const customer = await createCustomer(ctx.deps, ctx.app);
    const other = await createCustomer(ctx.deps, ctx.app);
    const stolen = await place(customer, {
      ...orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7),
      shipping_address_id: other.addressId,
    });
    expect(stolen.status).toBe(404);
    expect((await place(customer, orderBody(customer, [], 0))).status).toBe(400);
    const noSender = await place(
      customer,
      orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7, { transfer_sender_name: " " }),
    );
    expect(noSender.status).toBe(400);
    expect(((await noSender.json()) as { fields: Record<string, string> }).fields.transfer_sender_name).toBe(
      "Veuillez indiquer le nom de la personne qui effectuera le virement",
    );
    expect(
      (await place(customer, orderBody(customer, [{ product_id: p.id, quantity: 1.5 }], 20.7))).status,
    ).toBe(400);
    expect(
      (await place(customer, orderBody(customer, [{ product_id: p.id, quantity: -2 }], 20.7))).status,
    ).toBe(400);
  });

  it("needs a signed-in customer", async () => {
    const response = await ctx.app.request("/api/orders", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(401);
  });

  it("refuses orders in maintenance (503) but lets an admin order", async () => {
    const p = await product();
    const customer = await createCustomer(ctx.deps, ctx.app);
    const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
    await putSetting(ctx.deps, "maintenance", { ...defaultSettings.maintenance, enabled: true });
    try {
      const refused = await place(customer, orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7));
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { code: string }).code).toBe("MAINTENANCE");
      expect((await place(admin, orderBody(admin, [{ product_id: p.id, quantity: 1 }], 20.7))).status).toBe(
        201,
      );
    } finally {
      await putSetting(ctx.deps, "maintenance", defaultSettings.maintenance);
    }
  });

  it.each([
    ["disabled in the settings", { ...SHOP_BANK, enabled: false }],
    ["without its details, even when PayPal works", { ...SHOP_BANK, iban: "" }],
  ])("refuses bank transfer %s (409)", async (_name, bank) => {
    const p = await product();
    const customer = await createCustomer(ctx.deps, ctx.app);
    await putPaypalSetting(ctx.deps, PAYPAL_SET_UP);
    await putSetting(ctx.deps, "payment_bank_transfer", bank);
    try {
      const response = await place(customer, orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7));
      expect(response.status).toBe(409);
      expect(((await response.json()) as { code: string }).code).toBe("BANK_TRANSFER_DISABLED");
    } finally {
      await putSetting(ctx.deps, "payment_bank_transfer", SHOP_BANK);
      await putPaypalSetting(ctx.deps, defaultSettings.payment_paypal);
    }
  });

  it.each<[string, (s: typeof SHOP_COMPANY) => typeof SHOP_COMPANY | null, "bank" | null]>([
    ["no SIRET", (company) => ({ ...company, siret: "" }), null],
    ["no mediator", (company) => ({ ...company, mediator_url: "" }), null],
    ["no legal name", (company) => ({ ...company, legal_name: "" }), null],
    ["no payment method at all", () => null, "bank"],
  ])(
    "refuses every order (503, nothing written) while the shop is not set up: %s",
    async (_name, company, bank) => {
      const p = await product();
      const customer = await createCustomer(ctx.deps, ctx.app);
      const changed = company(SHOP_COMPANY);
      if (changed) await putSetting(ctx.deps, "company_info", changed);
      if (bank) await putSetting(ctx.deps, "payment_bank_transfer", { ...SHOP_BANK, enabled: false });
      try {
        const response = await place(
          customer,
          orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7),
        );
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({
          code: "SHOP_NOT_READY",
          error:
            "La boutique ne prend pas encore de commandes : elle termine sa mise en place. Revenez très bientôt !",
        });
        expect(await stockOf(p.id)).toBe(p.stock);
        expect(await (await customer.call("GET", "/api/user/orders")).json()).toEqual([]);
      } finally {
        await putSetting(ctx.deps, "company_info", SHOP_COMPANY);
        await putSetting(ctx.deps, "payment_bank_transfer", SHOP_BANK);
      }
    },
  );
});

describe("concurrency", () => {
  it("sells the last 5 units exactly once to 50 parallel orders, with no 5xx", {
    timeout: 60_000,
  }, async () => {
    const p = await product({ stock: 5 });
    const customers = await Promise.all(Array.from({ length: 5 }, () => createCustomer(ctx.deps, ctx.app)));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const customer = customers[i % customers.length] as TestCustomer;
        return place(customer, orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7));
      }),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    expect(await stockOf(p.id)).toBe(0);
    const orders = await orderEntity(ctx.db).query.all({}).go({ pages: "all" });
    expect(orders.data.filter((o) => o.items.some((item) => item.product_id === p.id))).toHaveLength(5);
  });

  it("applies a promo limited to 3 uses to exactly 3 of 20 parallel orders", {
    timeout: 60_000,
  }, async () => {
    const p = await product({ stock: 100, price: 20 });
    const promo = await createPromo(ctx.deps, {
      code: "TROIS",
      discount_type: "fixed_amount",
      discount_value: 500,
      usage_limit: 3,
    });
    const customers = await Promise.all(Array.from({ length: 20 }, () => createCustomer(ctx.deps, ctx.app)));
    const responses = await Promise.all(
      customers.map((customer) =>
        place(
          customer,
          orderBody(customer, [{ product_id: p.id, quantity: 1 }], 22.8, { promo_code_id: promo.id }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect((await promoEntity(ctx.db).get({ id: promo.id }).go()).data?.usage_count).toBe(3);
    expect((await promoUsageEntity(ctx.db).query.byPromo({ promo_id: promo.id }).go()).data).toHaveLength(3);
    expect(await stockOf(p.id)).toBe(97);
  });

  it("returns one order for a request retried with the same Idempotency-Key, even in parallel", async () => {
    const p = await product({ stock: 10 });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const body = orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7);
    const headers = { "idempotency-key": "checkout-7f3a9c21" };
    const first = await place(customer, body, headers);
    expect(first.status).toBe(201);
    const again = await place(customer, body, headers);
    expect(again.status).toBe(200);
    const firstOrder = ((await first.json()) as { order: Order }).order;
    expect(((await again.json()) as { order: Order }).order.id).toBe(firstOrder.id);

    const parallelHeaders = { "idempotency-key": "checkout-parallel-1" };
    const parallel = await Promise.all([
      place(customer, body, parallelHeaders),
      place(customer, body, parallelHeaders),
    ]);
    const ids = await Promise.all(parallel.map(async (r) => ((await r.json()) as { order: Order }).order.id));
    expect(new Set(ids).size).toBe(1);
    expect(await stockOf(p.id)).toBe(8);
  });
});

describe("an Idempotency-Key reused for another request (issue 28, item 4)", () => {
  const REUSED =
    "Cette clé Idempotency-Key a déjà servi pour une autre commande : envoyez la nouvelle commande avec une nouvelle clé.";

  it("answers 422 in French, places nothing, and still replays the first request", async () => {
    const p = await product({ stock: 10 });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const headers = { "idempotency-key": "checkout-reused-1" };
    const first = await place(
      customer,
      orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7),
      headers,
    );
    expect(first.status).toBe(201);
    const firstOrder = ((await first.json()) as { order: Order }).order;

    const changed = await place(
      customer,
      orderBody(customer, [{ product_id: p.id, quantity: 2 }], 33.6),
      headers,
    );
    expect(changed.status).toBe(422);
    expect(await changed.json()).toEqual({ error: REUSED, code: "IDEMPOTENCY_KEY_REUSED" });
    expect(await stockOf(p.id)).toBe(9);

    // The same body in another key order is the same request: replayed.
    const reordered = Object.fromEntries(
      Object.entries(orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7)).reverse(),
    );
    const again = await place(customer, reordered, headers);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { order: Order }).order.id).toBe(firstOrder.id);
    // Another sender name is another request too.
    const renamed = await place(
      customer,
      orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7, { transfer_sender_name: "Autre Nom" }),
      headers,
    );
    expect(renamed.status).toBe(422);
    const { data } = await orderEntity(ctx.db).query.byUser({ user_id: customer.id }).go();
    expect(data.map((order) => order.id)).toEqual([firstOrder.id]);
  });

  it("answers 422 to the loser when two different bodies race under one key", async () => {
    const p = await product({ stock: 10 });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const headers = { "idempotency-key": "checkout-race-reused" };
    const answers = await Promise.all([
      place(customer, orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7), headers),
      place(customer, orderBody(customer, [{ product_id: p.id, quantity: 2 }], 33.6), headers),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const placed = answers.find((a) => a.status === 201) as Response;
    const { order } = (await placed.json()) as { order: Order };
    expect(await stockOf(p.id)).toBe(10 - (order.items[0]?.quantity ?? 0));
  });
});

describe("promo codes at checkout", () => {
  it("applies a percentage rounded half up and records the use", async () => {
    const p = await product({ price: 34.9 });
    const promo = await createPromo(ctx.deps, {
      code: "quinze",
      discount_type: "percentage",
      discount_value: 1500,
    });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const response = await place(
      customer,
      orderBody(customer, [{ product_id: p.id, quantity: 1 }], 37.46, { promo_code_id: promo.id }),
    );
    expect(response.status).toBe(201);
    const { order } = (await response.json()) as { order: Order };
    expect(order).toMatchObject({ discount_amount: 5.24, total_amount: 37.46, original_total: 42.7 });
    expect(order.promo_code).toEqual({ code: "QUINZE", discount_amount: 5.24 });
    const usage = (await promoUsageEntity(ctx.db).query.byPromo({ promo_id: promo.id }).go()).data;
    expect(usage).toEqual([
      expect.objectContaining({ user_id: customer.id, order_id: order.id, discount_cents: 524 }),
    ]);
  });

  it("enforces the per-customer daily limit, and allows it again the next day", async () => {
    const p = await product({ price: 20 });
    const promo = await createPromo(ctx.deps, {
      code: "JOUR",
      discount_type: "fixed_amount",
      discount_value: 200,
    });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const body = orderBody(customer, [{ product_id: p.id, quantity: 1 }], 25.8, { promo_code_id: promo.id });
    expect((await place(customer, body)).status).toBe(201);
    const again = await place(customer, body);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: "PROMO_USER_LIMIT",
      error: "Vous avez déjà utilisé ce code promo aujourd'hui.",
    });
    offset = 86_400_000;
    expect((await place(customer, body)).status).toBe(201);
  });

  it("checks the daily limit inside the transaction too (parallel orders by one customer)", async () => {
    const p = await product({ price: 20 });
    const promo = await createPromo(ctx.deps, {
      code: "PARALLELE",
      discount_type: "fixed_amount",
      discount_value: 200,
    });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const body = orderBody(customer, [{ product_id: p.id, quantity: 1 }], 25.8, { promo_code_id: promo.id });
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => place(customer, body)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });

  it("refuses an expired code and a cart under the minimum", async () => {
    const p = await product({ price: 20 });
    const expired = await createPromo(ctx.deps, {
      code: "VIEUX",
      discount_type: "fixed_amount",
      discount_value: 200,
      expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    const minimum = await createPromo(ctx.deps, {
      code: "MINI50",
      discount_type: "fixed_amount",
      discount_value: 200,
      min_order_cents: 5000,
    });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const a = await place(
      customer,
      orderBody(customer, [{ product_id: p.id, quantity: 1 }], 25.8, { promo_code_id: expired.id }),
    );
    expect(((await a.json()) as { code: string }).code).toBe("PROMO_EXPIRED");
    const b = await place(
      customer,
      orderBody(customer, [{ product_id: p.id, quantity: 1 }], 25.8, { promo_code_id: minimum.id }),
    );
    expect(await b.json()).toMatchObject({
      code: "PROMO_MIN_ORDER",
      error: "Ce code promo nécessite un minimum de commande de 50,00\u00a0€.",
    });
  });
});

describe("POST /api/promo/validate", () => {
  it("answers valid with the discount, or the French reason", async () => {
    await createPromo(ctx.deps, {
      code: "DIX",
      discount_type: "percentage",
      discount_value: 1000,
      min_order_cents: 3000,
    });
    const validate = (promo_code: string, total_amount: number) =>
      ctx.app.request("/api/promo/validate", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ promo_code, total_amount }),
      });
    const ok = await validate(" dix ", 149.95);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      valid: true,
      promo: { code: "DIX", discount_type: "percentage", discount_value: 10, discount_amount: 15 },
    });
    expect(await (await validate("DIX", 20)).json()).toEqual({
      valid: false,
      error: "Ce code promo nécessite un minimum de commande de 30,00\u00a0€.",
    });
    expect(await (await validate("INCONNU", 50)).json()).toEqual({
      valid: false,
      error: "Code promo invalide",
    });
    const empty = await validate("  ", 50);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { fields: Record<string, string> }).fields.promo_code).toBe(
      "Veuillez saisir un code promo",
    );
  });
});

describe("reading orders", () => {
  it("lists the customer's own orders newest first and hides everyone else's (404)", async () => {
    const p = await product();
    const customer = await createCustomer(ctx.deps, ctx.app);
    const other = await createCustomer(ctx.deps, ctx.app);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await place(customer, orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7));
      ids.push(((await response.json()) as { order: Order }).order.id);
    }
    const list = (await (await customer.call("GET", "/api/user/orders")).json()) as Order[];
    expect(list.map((o) => o.id)).toEqual([...ids].reverse());
    expect(await (await other.call("GET", "/api/user/orders")).json()).toEqual([]);

    expect((await customer.call("GET", `/api/user/orders/${ids[0]}`)).status).toBe(200);
    const stolen = await other.call("GET", `/api/user/orders/${ids[0]}`);
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toEqual({ error: "Commande non trouvée.", code: "ORDER_NOT_FOUND" });
    expect((await customer.call("GET", "/api/user/orders/01ZZZZZZZZZZZZZZZZZZZZZZZZ")).status).toBe(404);
  });
});

describe("an awaited transfer's instructions", () => {
  it("stay on the customer's order until the transfer is received or the order cancelled, never with the IBAN", async () => {
    const p = await product();
    const customer = await createCustomer(ctx.deps, ctx.app);
    const other = await createCustomer(ctx.deps, ctx.app);
    const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
    const placed: Order[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await place(customer, orderBody(customer, [{ product_id: p.id, quantity: 1 }], 20.7));
      placed.push(((await response.json()) as { order: Order }).order);
    }
    const [paid, cancelled, awaited] = placed as [Order, Order, Order];
    const mine = async (id: string) =>
      (await (await customer.call("GET", `/api/user/orders/${id}`)).json()) as Order;

    const before = await mine(awaited.id);
    expect(before.transfer_instructions).toEqual({
      amount: 20.7,
      reference: awaited.transfer_reference,
      beneficiary: SHOP_BANK.beneficiary,
      bic: SHOP_BANK.bic,
      bank_name: SHOP_BANK.bank_name,
    });
    expect(awaited.transfer_reference).toMatch(/^CMD-[0-9A-Z]{8}$/);

    const edit = (id: string, body: object) => admin.call("PUT", `/api/admin/orders/${id}`, body);
    expect((await edit(paid.id, { payment_status: "completed" })).status).toBe(200);
    expect((await edit(cancelled.id, { status: "cancelled" })).status).toBe(200);
    expect((await mine(paid.id)).transfer_instructions).toBeNull();
    expect((await mine(cancelled.id)).transfer_instructions).toBeNull();

    const list = (await (await customer.call("GET", "/api/user/orders")).json()) as Order[];
    expect(
      Object.fromEntries(list.map((order) => [order.id, order.transfer_instructions?.reference ?? null])),
    ).toEqual({
      [paid.id]: null,
      [cancelled.id]: null,
      [awaited.id]: awaited.transfer_reference,
    });
    const raw = await (await customer.call("GET", "/api/user/orders")).text();
    expect(raw).not.toContain(SHOP_BANK.iban);
    expect(raw).not.toContain(SHOP_BANK.iban.replace(/\s/g, ""));
    // Another customer's order stays unknown; the admin's views carry no instructions.
    expect((await other.call("GET", `/api/user/orders/${awaited.id}`)).status).toBe(404);
    const adminList = (await (await admin.call("GET", "/api/admin/orders?limit=50")).json()) as {
      orders: Order[];
    };
    expect(adminList.orders.find((order) => order.id === awaited.id)).not.toHaveProperty(
      "transfer_instructions",
    );
  });
});

describe("GET /api/settings/checkout", () => {
  const checkout = async () => await (await ctx.app.request("/api/settings/checkout")).json();

  it("says which payments are offered without the IBAN or the PayPal secret", async () => {
    await putPaypalSetting(ctx.deps, PAYPAL_SET_UP);
    const body = await checkout();
    expect(body).toEqual({
      can_take_orders: true,
      message: null,
      bank_transfer: {
        enabled: true,
        bic: SHOP_BANK.bic,
        beneficiary: SHOP_BANK.beneficiary,
        bank_name: SHOP_BANK.bank_name,
      },
      paypal: { configured: true, client_id: "client-abc", sandbox: true },
      // Issue 31: no pick-up point without the Colissimo contract (tests/integration/pickup-points.test.ts).
      pickup: null,
    });
    expect(JSON.stringify(body)).not.toContain("tres-secret");
    expect(JSON.stringify(body)).not.toContain(SHOP_BANK.iban);
    await putPaypalSetting(ctx.deps, defaultSettings.payment_paypal);
  });

  it("offers PayPal only with its webhook, and bank transfer only with its details", async () => {
    await putPaypalSetting(ctx.deps, { ...PAYPAL_SET_UP, webhook_id: "" });
    await putSetting(ctx.deps, "payment_bank_transfer", { ...SHOP_BANK, bic: "" });
    try {
      expect(await checkout()).toEqual({
        can_take_orders: false,
        message:
          "La boutique ne prend pas encore de commandes : elle termine sa mise en place. Revenez très bientôt !",
        bank_transfer: { enabled: false, bic: "", beneficiary: "", bank_name: "" },
        paypal: { configured: false, client_id: "", sandbox: true },
        pickup: null,
      });
      expect((await ctx.app.request("/api/paypal-payment/client-id")).status).toBe(503);
    } finally {
      await putPaypalSetting(ctx.deps, defaultSettings.payment_paypal);
      await putSetting(ctx.deps, "payment_bank_transfer", SHOP_BANK);
    }
  });

  it("a new shop offers nothing and says it takes no order yet", async () => {
    const company = await getSetting(ctx.deps, "company_info");
    await putSetting(ctx.deps, "company_info", defaultSettings.company_info);
    await putSetting(ctx.deps, "payment_bank_transfer", defaultSettings.payment_bank_transfer);
    try {
      expect(await checkout()).toMatchObject({
        can_take_orders: false,
        bank_transfer: { enabled: false },
        paypal: { configured: false },
      });
    } finally {
      await putSetting(ctx.deps, "company_info", company);
      await putSetting(ctx.deps, "payment_bank_transfer", SHOP_BANK);
    }
  });
});

/**
 * What real DynamoDB does under parallel writes and DynamoDB Local never does (issue 27, point 9): transaction
 * conflicts, throttling and timeouts, injected at the SDK's middleware (tests/support/db-faults.ts) on the client
 * the app uses. Every write that matters (orders, payments by PayPal and by transfer, refunds, stock moves,
 * withdrawals, waitlist claims) either gets through within its retries or answers the French 503, and leaves nothing
 * half-written; after a storm of seeded random faults, stock, promo uses and invoice numbers add up
 * (docs/decisions/029).
 */
import { afterEach, describe, expect, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { stockMovementEntity } from "../../functions/catalog/stock-movement-entity";
import { orderEntity } from "../../functions/orders/entity";
import { invoiceEntity } from "../../functions/orders/invoice-entity";
import { counterEntity } from "../../functions/platform/db/entities/counter";
import { BUSY_MESSAGE } from "../../functions/platform/db/transaction";
import { isUnavailable } from "../../functions/platform/middleware/errors";
import { promoEntity, promoUsageEntity } from "../../functions/promos/entity";
import { createPromo } from "../../functions/promos/service";
import { waitlistEntity } from "../../functions/waitlist/entity";
import { notifyWaitlist } from "../../functions/waitlist/service";
import { withdrawalEntity } from "../../functions/withdrawals/entity";
import { invoiceCounterName } from "../../src/domain/orders/invoice";
import type { Order } from "../../src/domain/orders/order";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder, type TestCustomer } from "../support/customers";
import { type FaultKind, type InjectedFaults, injectDbFaults, seededRandom } from "../support/db-faults";
import { readMails } from "../support/mail";
import { withPaypalDouble } from "../support/paypal";
import { createSoap } from "../support/products";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const paypal = withPaypalDouble(ctx.deps);

let faults: InjectedFaults | undefined;
const inject = (options: Parameters<typeof injectDbFaults>[1]) => {
  faults = injectDbFaults(ctx.db, options);
  return faults;
};
afterEach(() => {
  faults?.remove();
  faults = undefined;
});

const TRANSACT_WRITE = "TransactWriteItemsCommand";
const UNAVAILABLE_MESSAGE = "Service momentanément indisponible, veuillez réessayer.";

const productOf = async (id: number) => (await productEntity(ctx.db).get({ id }).go()).data;
const orderOf = async (id: string) => (await orderEntity(ctx.db).get({ id }).go()).data;
const movementsOf = async (productId: number) =>
  (await stockMovementEntity(ctx.db).query.byProduct({ product_id: productId }).go({ pages: "all" })).data;
const ordersOf = async (userId: string) =>
  (await orderEntity(ctx.db).query.byUser({ user_id: userId }).go({ pages: "all" })).data;
const edit = (id: string, body: object) => admin.call("PUT", `/api/admin/orders/${id}`, body);

async function expectStatus(response: Response, status: number): Promise<unknown> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text);
}

/** The French 503 of an unavailable or busy database, with Retry-After. */
async function expect503(response: Response) {
  const body = await expectStatus(response, 503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(body).toMatchObject({ code: "UNAVAILABLE" });
  expect([UNAVAILABLE_MESSAGE, BUSY_MESSAGE]).toContain((body as { error: string }).error);
}

/** A bank-transfer order of `quantity` soaps at 10 € (7,80 € of delivery), paid and delivered. */
async function deliveredOrder(customer: TestCustomer, productId: number, quantity = 3): Promise<Order> {
  const placed = await placeTransferOrder(customer, productId, quantity, quantity * 10 + 7.8);
  return (await expectStatus(
    await edit(placed.id, { payment_status: "completed", status: "delivered" }),
    200,
  )) as Order;
}

/**
 * One write of the shop, ready to run under faults: `act` makes it, `done` checks it was written exactly once,
 * `untouched` that nothing of it was written.
 */
interface Prepared {
  act: () => Promise<Response>;
  done: (response: Response) => Promise<void>;
  untouched: () => Promise<void>;
  /** Calls that pass before the write the lasting faults aim at (a capture's own mark before PayPal is called). */
  skip?: number;
}

const operations: Record<string, () => Promise<Prepared>> = {
  "an order (POST /api/orders)": async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps, { stock: 5 });
    const key = `faults-${Math.random().toString(36).slice(2, 12)}`;
    return {
      act: () =>
        customer.call(
          "POST",
          "/api/orders",
          {
            items: [{ product_id: product.id, quantity: 2 }],
            shipping_address_id: customer.addressId,
            total_amount: 27.8,
            payment_method: "bank_transfer",
            transfer_sender_name: "Client",
          },
          { "idempotency-key": key },
        ),
      done: async (response) => {
        await expectStatus(response, 201);
        expect(await ordersOf(customer.id)).toHaveLength(1);
        expect((await productOf(product.id))?.stock).toBe(3);
        expect((await movementsOf(product.id)).filter((move) => move.reason === "sale")).toHaveLength(1);
      },
      untouched: async () => {
        expect(await ordersOf(customer.id)).toEqual([]);
        expect((await productOf(product.id))?.stock).toBe(5);
        expect((await movementsOf(product.id)).filter((move) => move.reason === "sale")).toEqual([]);
      },
    };
  },

  "a bank transfer marked received": async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps);
    const placed = await placeTransferOrder(customer, product.id, 1, 17.8);
    return {
      act: () => edit(placed.id, { payment_status: "completed", status: "confirmed" }),
      done: async (response) => {
        await expectStatus(response, 200);
        const order = await orderOf(placed.id);
        expect(order).toMatchObject({ payment_status: "completed", status: "confirmed" });
        expect(order?.invoice_number).toMatch(/^FA-\d{4}-\d{6}$/);
        const { data: invoice } = await invoiceEntity(ctx.db)
          .get({ number: order?.invoice_number ?? "" })
          .go();
        expect(invoice?.order_id).toBe(placed.id);
      },
      untouched: async () => {
        const order = await orderOf(placed.id);
        expect(order).toMatchObject({ payment_status: "pending", status: "pending" });
        expect(order?.invoice_number).toBeUndefined();
      },
    };
  },

  "a PayPal capture": async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps);
    const created = await customer.call("POST", "/api/paypal-payment/create-order", {
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address_id: customer.addressId,
      total_amount: 17.8,
      amount: "17.80",
      currency: "EUR",
    });
    const { id, order_id } = (await expectStatus(created, 201)) as { id: string; order_id: string };
    paypal.double.approve(id);
    const charges = paypal.double.charges;
    return {
      act: () => customer.call("POST", "/api/paypal-payment/capture-order", { orderID: id }),
      done: async (response) => {
        await expectStatus(response, 200);
        expect((await orderOf(order_id))?.payment_status).toBe("completed");
        expect(paypal.double.charges).toBe(charges + 1);
      },
      // The mark "capture in flight" is written first (one transaction), PayPal is called, then the payment: the
      // lasting faults fall on the payment's write, after PayPal took the money. The order stays pending (the
      // buyer's retry, or the nightly reconciliation, completes it without charging again: PayPal-Request-Id).
      untouched: async () => {
        expect((await orderOf(order_id))?.payment_status).toBe("pending");
        expect(paypal.double.charges).toBe(charges + 1);
      },
      skip: 1,
    };
  },

  "a refund (a return received)": async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps);
    const order = await deliveredOrder(customer, product.id);
    return {
      act: () =>
        admin.call("POST", `/api/admin/orders/${order.id}/returns`, {
          order_version: order.version,
          lines: [{ index: 0, quantity: 1, restock: true }],
          refund_shipping: false,
          amount: 10,
        }),
      done: async (response) => {
        await expectStatus(response, 201);
        const after = await orderOf(order.id);
        expect(after?.refunds).toHaveLength(1);
        expect(after?.refunded_cents).toBe(1000);
        expect(after?.refunds?.[0]?.credit_note_number).toMatch(/^AV-\d{4}-\d{6}$/);
        expect((await productOf(product.id))?.stock).toBe(8);
      },
      untouched: async () => {
        const after = await orderOf(order.id);
        expect(after?.refunds ?? []).toEqual([]);
        expect(after?.refunded_cents ?? 0).toBe(0);
        expect((await productOf(product.id))?.stock).toBe(7);
      },
    };
  },

  "a stock adjustment": async () => {
    const product = await createSoap(ctx.deps, { stock: 5 });
    return {
      act: () =>
        admin.call("POST", `/api/admin/products/${product.id}/stock-adjustments`, {
          delta: 3,
          note: "Reçus du séchoir",
        }),
      done: async (response) => {
        await expectStatus(response, 201);
        expect((await productOf(product.id))?.stock).toBe(8);
        expect((await movementsOf(product.id)).filter((move) => move.delta === 3)).toHaveLength(1);
      },
      untouched: async () => {
        expect((await productOf(product.id))?.stock).toBe(5);
        expect((await movementsOf(product.id)).filter((move) => move.delta === 3)).toEqual([]);
      },
    };
  },

  "a withdrawal": async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps);
    const order = await deliveredOrder(customer, product.id);
    const view = (await expectStatus(
      await customer.call("GET", `/api/withdrawals/orders/${order.id}`),
      200,
    )) as {
      order_version: number;
    };
    const records = async () =>
      (await withdrawalEntity(ctx.db).query.byOrder({ order_id: order.id }).go()).data;
    return {
      act: () =>
        customer.call("POST", `/api/withdrawals/orders/${order.id}`, {
          lines: [{ index: 0, quantity: 1 }],
          order_version: view.order_version,
          form_key: `form-key-${Math.random().toString(36).slice(2, 12)}`,
        }),
      done: async (response) => {
        await expectStatus(response, 201);
        expect(await records()).toHaveLength(1);
      },
      untouched: async () => {
        expect(await records()).toEqual([]);
      },
    };
  },
};

/** A confirmed waitlist request on a product out of stock, then one unit back (without the restock's own mails). */
async function waitingShopper() {
  const product = await createSoap(ctx.deps, { stock: 0 });
  const email = `attente-${Math.random().toString(36).slice(2, 10)}@example.fr`;
  const post = (path: string, body: unknown) =>
    ctx.app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  await expectStatus(await post("/api/waitlist", { product_id: product.id, email, consent: true }), 202);
  await ctx.deps.accountMail.flush();
  const mail = readMails(ctx.mailDir).find((each) => each.to === email);
  const token = /[?&]confirmer=([^\s&]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error("no confirmation link");
  await expectStatus(await post("/api/waitlist/confirm", { token: decodeURIComponent(token) }), 200);
  await productEntity(ctx.db).patch({ id: product.id }).set({ stock: 1 }).go();
  const told = () =>
    readMails(ctx.mailDir).filter(
      (each) => each.to === email && each.subject.includes("est de nouveau disponible"),
    );
  const request = async () =>
    (await waitlistEntity(ctx.db).query.byProduct({ product_id: product.id }).go()).data[0];
  return { product, email, told, request };
}

const KINDS: FaultKind[] = ["conflict", "throttle", "timeout"];

describe.each(KINDS)("a %s that passes", (kind) => {
  it.each(Object.keys(operations))("is sat out: %s is written once", async (name) => {
    const prepared = await (operations[name] as () => Promise<Prepared>)();
    // Two faults in a row on the calls that can get this kind: within the SDK's 3 tries and the helper's 12.
    const injected = inject({ kinds: [kind], limit: 2, seed: name.length });
    await prepared.done(await prepared.act());
    expect(injected.total()).toBe(2);
  });

  it("is sat out by a waitlist claim: the shopper is told once", async () => {
    const shopper = await waitingShopper();
    const injected = inject({ kinds: [kind], limit: 2, commands: ["UpdateItemCommand"] });
    const told = await notifyWaitlist(ctx.deps, shopper.product.id, 1);
    if (kind === "conflict")
      expect(injected.total()).toBe(0); // a single-item write is in no transaction
    else expect(injected.total()).toBe(2);
    expect(told).toEqual([shopper.email]);
    expect(shopper.told()).toHaveLength(1);
    expect(await shopper.request()).toBeUndefined();
  });
});

describe.each(KINDS)("a %s that lasts", (kind) => {
  it.each(Object.keys(operations))("answers the French 503 and writes nothing: %s", async (name) => {
    const prepared = await (operations[name] as () => Promise<Prepared>)();
    const injected = inject({ kinds: [kind], commands: [TRANSACT_WRITE], skip: prepared.skip ?? 0 });
    const started = performance.now();
    await expect503(await prepared.act());
    // Bounded: the SDK's 3 tries, or the helper's 12 (1.7 s of backoff at most) within its 3 s budget. A throttle
    // adds the SDK's backoff (up to 1 + 2 s) to the one try that may start before the budget ends.
    expect(performance.now() - started).toBeLessThan(kind === "throttle" ? 8_000 : 5_000);
    expect(injected.total()).toBeGreaterThan(0);
    await prepared.untouched();
    // Once DynamoDB is back, the same request (a second click, the buyer's retry) does it, once.
    injected.remove();
    await prepared.done(await prepared.act());
  });
});

describe("a waitlist claim under lasting throttling or timeouts", () => {
  it.each(["throttle", "timeout"] as const)(
    "%s: fails the mail job (the queue tries again), the shopper neither told nor lost",
    async (kind) => {
      const shopper = await waitingShopper();
      inject({ kinds: [kind], commands: ["UpdateItemCommand"] });
      const failure = await notifyWaitlist(ctx.deps, shopper.product.id, 1).catch((error: unknown) => error);
      expect(isUnavailable(failure)).toBe(true);
      expect(shopper.told()).toEqual([]);
      expect((await shopper.request())?.notified_at).toBeUndefined();
      faults?.remove();
      expect(await notifyWaitlist(ctx.deps, shopper.product.id, 1)).toEqual([shopper.email]);
      expect(shopper.told()).toHaveLength(1);
    },
  );
});

describe("a lost answer (DynamoDB applied the write, the answer timed out)", () => {
  it("of a waitlist claim: the SDK's retry finds its own claim, the shopper is told once", async () => {
    const shopper = await waitingShopper();
    const injected = inject({ kinds: ["lost-answer"], limit: 1, commands: ["UpdateItemCommand"] });
    expect(await notifyWaitlist(ctx.deps, shopper.product.id, 1)).toEqual([shopper.email]);
    expect(injected.injected["lost-answer"]).toBe(1);
    expect(shopper.told()).toHaveLength(1);
    expect(await shopper.request()).toBeUndefined();
  });

  it("is retried with the same ClientRequestToken: applied once, answered as done", async () => {
    const bodies: string[] = [];
    ctx.db.dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        if ((context as { commandName?: string }).commandName === TRANSACT_WRITE)
          bodies.push(new TextDecoder().decode((args.request as { body: Uint8Array }).body));
        return next(args);
      },
      { step: "finalizeRequest", priority: "low", name: "recordTransactBodies" },
    );
    try {
      for (const name of Object.keys(operations)) {
        const prepared = await (operations[name] as () => Promise<Prepared>)();
        bodies.length = 0;
        const injected = inject({ kinds: ["lost-answer"], limit: 1, skip: prepared.skip ?? 0 });
        await prepared.done(await prepared.act());
        expect(injected.total(), name).toBe(1);
        faults?.remove();
        const tokens = bodies.map(
          (body) => (JSON.parse(body) as { ClientRequestToken?: string }).ClientRequestToken,
        );
        expect(tokens.every(Boolean), name).toBe(true);
        // The lost try and its retry carried one token.
        expect(new Set(tokens).size, name).toBe(tokens.length - 1);
      }
    } finally {
      ctx.db.dynamo.middlewareStack.remove("recordTransactBodies");
    }
  }, 60_000);
});

describe("a lost answer, then the retry cancelled (a conflict on the SDK's retry)", () => {
  it("does not make a stock adjustment twice: the second attempt finds the first one's movement", async () => {
    const product = await createSoap(ctx.deps, { stock: 5 });
    // The first try is applied and its answer lost; the SDK's retry (same token) is cancelled by a conflict, so the
    // helper's next attempt is a new request, on a stock that already moved.
    inject({
      kinds: ["lost-answer", "conflict"],
      sequence: ["lost-answer", "conflict"],
      commands: [TRANSACT_WRITE],
    });
    const response = await admin.call("POST", `/api/admin/products/${product.id}/stock-adjustments`, {
      delta: 3,
      note: "Reçus du séchoir",
    });
    expect(await expectStatus(response, 201)).toMatchObject({ stock: 8 });
    expect((await productOf(product.id))?.stock).toBe(8);
    expect((await movementsOf(product.id)).filter((move) => move.delta === 3)).toHaveLength(1);
  });
});

describe("a storm of faults (seeded), parallel orders and payments", () => {
  const SEED = 2711;
  const ATTEMPTS = 5;

  /** What a client does on a 503: tries again a little later, the same request (the same Idempotency-Key). */
  async function withRetries(request: () => Promise<Response>) {
    const answers: number[] = [];
    for (let attempt = 1; ; attempt++) {
      const response = await request();
      answers.push(response.status);
      if (response.status !== 503 || attempt >= ATTEMPTS) return { response, answers };
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }

  it("leaves stock, promo uses and invoice numbers adding up, every order whole or absent", async () => {
    const random = seededRandom(SEED);
    const product = await createSoap(ctx.deps, { stock: 30, price: 10 });
    const promo = await createPromo(ctx.deps, {
      code: `ORAGE${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
      discount_type: "fixed_amount",
      discount_value: 200,
      usage_limit: 5,
    });
    const customers = await Promise.all(Array.from({ length: 10 }, () => createCustomer(ctx.deps, ctx.app)));
    // Each customer two orders of 1 to 3 soaps, the first with the promo code (5 uses for 10 customers).
    const planned = customers.flatMap((customer, index) =>
      [0, 1].map((second) => {
        const quantity = 1 + Math.floor(random() * 3);
        const withPromo = second === 0;
        return {
          customer,
          quantity,
          withPromo,
          key: `orage-${SEED}-${index}-${second}`,
          body: {
            items: [{ product_id: product.id, quantity }],
            shipping_address_id: customer.addressId,
            total_amount: quantity * 10 + 7.8 - (withPromo ? 2 : 0),
            payment_method: "bank_transfer",
            transfer_sender_name: "Client",
            ...(withPromo && { promo_code_id: promo.id }),
          },
        };
      }),
    );
    const adjustments = [2, -1, 3, 1, -2];
    const place = (order: (typeof planned)[number]) =>
      order.customer.call("POST", "/api/orders", order.body, { "idempotency-key": order.key });

    const storm = inject({
      kinds: ["conflict", "throttle", "timeout", "lost-answer"],
      rate: 0.3,
      seed: SEED,
    });
    const [placedAnswers, adjusted] = await Promise.all([
      Promise.all(planned.map((order) => withRetries(() => place(order)))),
      Promise.all(
        adjustments.map((delta) =>
          admin.call("POST", `/api/admin/products/${product.id}/stock-adjustments`, { delta, note: "Orage" }),
        ),
      ),
    ]);
    // Every answer is a success (200: the order a lost answer had placed, found by its key), the French 503, or a
    // refusal the shop gives without faults (the promo used up, the last units sold).
    for (const { answers } of placedAnswers)
      for (const status of answers) expect([200, 201, 409, 503]).toContain(status);
    // An adjustment may be refused as without faults: below 0 once the orders sold out, or the stock changing under
    // it ten times in a row (409, the shop's own answers to real condition failures).
    for (const response of adjusted) {
      expect([201, 409, 503]).toContain(response.status);
      if (response.status === 409)
        expect(["STOCK_NEGATIVE", "CONFLICT"]).toContain(
          ((await response.clone().json()) as { code: string }).code,
        );
    }
    for (const { response } of placedAnswers)
      if (response.status === 409)
        expect(["PROMO_EXHAUSTED", "OUT_OF_STOCK"]).toContain(
          ((await response.clone().json()) as { code: string }).code,
        );
    for (const response of adjusted) if (response.status === 503) await expect503(response);

    // The faults stop; each planned order is asked once more, as a client whose last answer was a 503 would.
    storm.remove();
    const final = await Promise.all(
      planned.map(async (order, index) => {
        const last = placedAnswers[index]?.response as Response;
        return last.status === 503 ? place(order) : last;
      }),
    );
    expect(storm.total()).toBeGreaterThan(20);
    const placed = (response: Response) => response.status === 200 || response.status === 201;
    expect(final.every((response) => placed(response) || response.status === 409)).toBe(true);

    // Every order whole or absent: one order per planned order answered 201, none for a refused one, its sale
    // movement, its promo use.
    const orders = (await Promise.all(customers.map((customer) => ordersOf(customer.id)))).flat();
    const accepted = final.filter(placed).length;
    expect(orders).toHaveLength(accepted);
    for (const [index, response] of final.entries()) {
      if (!placed(response)) continue;
      const { order } = (await response.json()) as { order: Order };
      expect(orders.map((each) => each.id)).toContain(order.id);
      expect(order.items[0]?.quantity).toBe(planned[index]?.quantity);
    }
    const movements = await movementsOf(product.id);
    const sales = movements.filter((move) => move.reason === "sale");
    expect(sales.map((move) => move.order_id).sort()).toEqual(orders.map((order) => order.id).sort());
    for (const order of orders)
      expect(sales.find((move) => move.order_id === order.id)?.delta).toBe(-(order.items[0]?.quantity ?? 0));

    // Stock = initial - sold + adjustments written (an adjustment answered 503 may have been written: its answer
    // lost; none twice).
    const adjustmentMoves = movements.filter((move) => move.reason === "adjustment" && move.note === "Orage");
    expect(adjustmentMoves.length).toBeGreaterThanOrEqual(adjusted.filter((r) => r.status === 201).length);
    expect(adjustmentMoves.length).toBeLessThanOrEqual(adjustments.length);
    const sold = orders.reduce((sum, order) => sum + (order.items[0]?.quantity ?? 0), 0);
    const adjustedBy = adjustmentMoves.reduce((sum, move) => sum + move.delta, 0);
    expect((await productOf(product.id))?.stock).toBe(30 - sold + adjustedBy);

    // Promo uses = orders that used it, its usage items too, never above its limit.
    const withPromo = orders.filter((order) => order.promo_id === promo.id);
    const { data: promoAfter } = await promoEntity(ctx.db).get({ id: promo.id }).go();
    expect(promoAfter?.usage_count).toBe(withPromo.length);
    expect(withPromo.length).toBeLessThanOrEqual(5);
    const usages = (await promoUsageEntity(ctx.db).query.byPromo({ promo_id: promo.id }).go({ pages: "all" }))
      .data;
    expect(usages.map((usage) => usage.order_id).sort()).toEqual(withPromo.map((order) => order.id).sort());

    // Payments: every transfer marked received, in parallel, under a new storm; then what was left, without it.
    const payments = inject({
      kinds: ["conflict", "throttle", "timeout", "lost-answer"],
      rate: 0.3,
      seed: SEED + 1,
    });
    const paid = await Promise.all(
      orders.map((order) =>
        withRetries(() => edit(order.id, { payment_status: "completed", status: "confirmed" })),
      ),
    );
    for (const { answers } of paid) for (const status of answers) expect([200, 503]).toContain(status);
    payments.remove();
    for (const [index, { response }] of paid.entries())
      if (response.status === 503)
        await expectStatus(
          await edit(orders[index]?.id ?? "", { payment_status: "completed", status: "confirmed" }),
          200,
        );
    expect(payments.total()).toBeGreaterThan(5);

    // Invoice numbers, over the whole table (this file's other tests issued some too): contiguous from 1, none
    // twice, each with its invoice, the counter at the last one.
    const everyOrder = (await orderEntity(ctx.db).query.all({}).go({ pages: "all" })).data;
    const numbers = everyOrder.flatMap((order) => (order.invoice_number ? [order.invoice_number] : []));
    for (const order of orders)
      expect(everyOrder.find((each) => each.id === order.id)?.invoice_number).toMatch(/^FA-\d{4}-\d{6}$/);
    const year = numbers[0]?.slice(3, 7) ?? "";
    const sequences = numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, index) => index + 1));
    const { data: counter } = await counterEntity(ctx.db)
      .get({ name: invoiceCounterName("invoice", Number(year)) })
      .go();
    expect(counter?.value).toBe(sequences.length);
    for (const number of numbers)
      expect((await invoiceEntity(ctx.db).get({ number }).go()).data?.number).toBe(number);
  }, 120_000);
});

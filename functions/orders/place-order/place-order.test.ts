import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultSettings } from "../../../src/domain/settings/settings";
import { createTestContext } from "../../../tests/setup/test-db";
import { createCustomer } from "../../../tests/support/customers";
import { createSoap } from "../../../tests/support/products";
import { getUser, hashToken, openSession } from "../../accounts/auth";
import { sessionEntity } from "../../accounts/session-entity";
import { productEntity } from "../../catalog/product-entity";
import { randomSecret } from "../../platform/adapters/ids";
import type { DataDeps } from "../../platform/deps";
import { createPromo } from "../../promos/service";
import { settingEntity } from "../../settings/entity";
import { putSetting } from "../../settings/service";
import { placeOrder } from "./place-order";

const ctx = await createTestContext();

/**
 * The DynamoDB calls the client sends, grouped in rounds: a call that starts while none is in flight opens a new
 * round, calls started together (Promise.all) share it. A read added in sequence shows as one more round.
 */
function roundsOf(deps: DataDeps) {
  const rounds: string[][] = [];
  let inFlight = 0;
  deps.db.dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      if (inFlight === 0) rounds.push([]);
      rounds.at(-1)?.push(context.commandName ?? "?");
      inFlight++;
      try {
        return await next(args);
      } finally {
        inFlight--;
      }
    },
    { step: "initialize", name: "countRounds" },
  );
  return {
    /** The rounds before the order's transaction (the transaction's own round excluded). */
    beforeTransaction: () =>
      rounds.slice(
        0,
        rounds.findIndex((round) => round.includes("TransactWriteItemsCommand")),
      ),
    /** Every call made, in order. */
    all: () => rounds.flat(),
    clear: () => rounds.splice(0),
  };
}

async function buyer() {
  const customer = await createCustomer(ctx.deps, ctx.app);
  const user = await getUser(ctx.deps, customer.id);
  if (!user) throw new Error("no user");
  return { customer, user };
}

afterEach(() => {
  vi.useRealTimers();
  ctx.deps.db.dynamo.middlewareStack.remove("countRounds");
});

describe("placing an order reads what it needs in one round", () => {
  it("settings, the earlier order of the Idempotency-Key, products, address, promo, its uses today and the lots at once", async () => {
    const [first, second] = [await createSoap(ctx.deps), await createSoap(ctx.deps)];
    const promo = await createPromo(ctx.deps, {
      code: "CINQ",
      discount_type: "fixed_amount",
      discount_value: 500,
    });
    const { customer, user } = await buyer();
    const calls = roundsOf(ctx.deps);

    const { order, replayed } = await placeOrder(
      ctx.deps,
      { user },
      {
        items: [
          { product_id: first.id, quantity: 1 },
          { product_id: second.id, quantity: 2 },
        ],
        order_notes: null,
        shipping_address_id: customer.addressId,
        promo_code_id: promo.id,
        total_amount: 10 * 3 - 5 + 7.8,
      },
      { paymentMethod: "bank_transfer", idempotencyKey: "cle-unique-1", transferSenderName: "Lina" },
    );

    expect(replayed).toBe(false);
    expect(order.total_cents).toBe(3280);
    const before = calls.beforeTransaction();
    expect(before).toHaveLength(1);
    // The settings in one BatchGetItem; the Idempotency-Key, products, address, promo and its uses in another; one
    // lot query per product.
    expect(before[0]?.sort()).toEqual(
      ["BatchGetItemCommand", "BatchGetItemCommand", "QueryCommand", "QueryCommand"].sort(),
    );
  });

  it("with the session token: the session and the customer are read in the same round", async () => {
    const soap = await createSoap(ctx.deps);
    const { customer, user } = await buyer();
    const sessionToken = await openSession(ctx.deps, user.id);
    const calls = roundsOf(ctx.deps);

    const { order } = await placeOrder(
      ctx.deps,
      { sessionToken },
      {
        items: [{ product_id: soap.id, quantity: 1 }],
        order_notes: null,
        shipping_address_id: customer.addressId,
        total_amount: 17.8,
      },
      { paymentMethod: "bank_transfer", idempotencyKey: "cle-session-1", transferSenderName: "Lina" },
    );

    expect(order.user_id).toBe(user.id);
    expect(order.customer_email).toBe(user.email);
    const before = calls.beforeTransaction();
    expect(before).toHaveLength(1);
    expect(before[0]?.sort()).toEqual(["BatchGetItemCommand", "BatchGetItemCommand", "QueryCommand"].sort());
  });

  it("a token naming another customer proves nothing: 401 before any rule, nothing written", async () => {
    const soap = await createSoap(ctx.deps, { stock: 3 });
    const victim = await buyer();
    const intruder = await buyer();
    // The intruder's own session, under a token that names the victim (the victim's address id is asked for).
    const forged = `${victim.user.id}.${randomSecret(32)}`;
    const expires = new Date(Date.now() + 86_400_000);
    await sessionEntity(ctx.db)
      .create({
        token_hash: hashToken(forged),
        user_id: intruder.user.id,
        created_at: new Date().toISOString(),
        expires_at: expires.toISOString(),
        expires_at_ttl: Math.ceil(expires.getTime() / 1000),
      })
      .go();
    const calls = roundsOf(ctx.deps);
    const attempt = (sessionToken: string, total_amount: number) =>
      placeOrder(
        ctx.deps,
        { sessionToken },
        {
          items: [{ product_id: soap.id, quantity: 1 }],
          order_notes: null,
          shipping_address_id: victim.customer.addressId,
          total_amount,
        },
        { paymentMethod: "bank_transfer", transferSenderName: "X" },
      );

    // A wrong total would answer PRICE_CHANGED with the victim's figures: the session is refused first.
    await expect(attempt(forged, 1)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(attempt(`${victim.user.id}.${randomSecret(32)}`, 1)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    expect(calls.all()).not.toContain("TransactWriteItemsCommand");
    expect((await productEntity(ctx.db).get({ id: soap.id }).go()).data?.stock).toBe(3);
  });

  it("a session opened before issue 18 (its token names nobody) still places orders", async () => {
    const soap = await createSoap(ctx.deps);
    const { customer, user } = await buyer();
    const legacy = randomSecret(32);
    const expires = new Date(Date.now() + 86_400_000);
    await sessionEntity(ctx.db)
      .create({
        token_hash: hashToken(legacy),
        user_id: user.id,
        created_at: new Date().toISOString(),
        expires_at: expires.toISOString(),
        expires_at_ttl: Math.ceil(expires.getTime() / 1000),
      })
      .go();

    const { order } = await placeOrder(
      ctx.deps,
      { sessionToken: legacy },
      {
        items: [{ product_id: soap.id, quantity: 1 }],
        order_notes: null,
        shipping_address_id: customer.addressId,
        total_amount: 17.8,
      },
      { paymentMethod: "bank_transfer", transferSenderName: "Lina" },
    );
    expect(order.user_id).toBe(user.id);
  });

  it("the refusals keep their order: maintenance answers before an unknown address or product", async () => {
    const { user } = await buyer();
    const nothingKnown = {
      items: [{ product_id: 999_999, quantity: 1 }],
      order_notes: null,
      shipping_address_id: "nope",
      total_amount: 1,
    };
    await putSetting(ctx.deps, "maintenance", { ...defaultSettings.maintenance, enabled: true });
    try {
      await expect(
        placeOrder(ctx.deps, { user }, nothingKnown, { paymentMethod: "bank_transfer" }),
      ).rejects.toMatchObject({ code: "MAINTENANCE" });
    } finally {
      await putSetting(ctx.deps, "maintenance", defaultSettings.maintenance);
    }
    await expect(
      placeOrder(ctx.deps, { user }, nothingKnown, { paymentMethod: "bank_transfer" }),
    ).rejects.toMatchObject({ code: "PRODUCT_UNAVAILABLE" });
  });
});

describe("the settings cache (Deps.settingsCacheMs)", () => {
  it("spares the settings' read while fresh, forgets them on a save in this process and after its lifetime", async () => {
    const soap = await createSoap(ctx.deps);
    const { customer, user } = await buyer();
    const deps = { ...ctx.deps, settingsCacheMs: 5_000 };
    vi.useFakeTimers({ toFake: ["performance"] });
    const calls = roundsOf(deps);
    const order = (total: number) =>
      placeOrder(
        deps,
        { user },
        {
          items: [{ product_id: soap.id, quantity: 1 }],
          order_notes: null,
          shipping_address_id: customer.addressId,
          total_amount: total,
        },
        { paymentMethod: "bank_transfer", transferSenderName: "Lina" },
      );
    const batchGets = () =>
      calls.beforeTransaction()[0]?.filter((name) => name === "BatchGetItemCommand").length;

    await order(17.8);
    expect(batchGets()).toBe(2); // the settings and the product
    calls.clear();
    await order(17.8);
    expect(batchGets()).toBe(1); // the product alone

    // The owner raises the shipping cost through this process: the next order is priced with it.
    await putSetting(deps, "shipping", { ...defaultSettings.shipping, standard_cost: 9.9 });
    calls.clear();
    await expect(order(17.8)).rejects.toMatchObject({ code: "PRICE_CHANGED" });
    calls.clear();
    await order(19.9);
    expect(batchGets()).toBe(1);

    // Changed elsewhere (another container): seen once the cached copy is older than its lifetime.
    await settingEntity(ctx.db)
      .put({ key: "shipping", value: defaultSettings.shipping, updated_at: new Date().toISOString() })
      .go();
    calls.clear();
    await order(19.9);
    expect(batchGets()).toBe(1);
    vi.advanceTimersByTime(5_001);
    calls.clear();
    await order(17.8);
    expect(batchGets()).toBe(2);
  });
});

describe("an order written on its second attempt", () => {
  it("that sells the last units marks the site stale: sold out is judged on the stock the written attempt read", async () => {
    const soap = await createSoap(ctx.deps, { stock: 3 });
    const first = await buyer();
    const second = await buyer();
    const requests: string[] = [];
    const deps = { ...ctx.deps, publisher: { request: (reason: string) => requests.push(reason) } };
    const order = (who: typeof first, quantity: number) =>
      placeOrder(
        deps,
        { user: who.user },
        {
          items: [{ product_id: soap.id, quantity }],
          order_notes: null,
          shipping_address_id: who.customer.addressId,
          total_amount: 10 * quantity + 7.8,
        },
        { paymentMethod: "bank_transfer", transferSenderName: "Lina" },
      );
    // The other customer's order of 1 is written just before this one's first transaction (both read 3 units):
    // this one's first attempt is stale, its second reads 2 units and sells them both.
    let interposed = false;
    ctx.deps.db.dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        if (!interposed && context.commandName === "TransactWriteItemsCommand") {
          interposed = true;
          await order(first, 1);
        }
        return next(args);
      },
      { step: "initialize", name: "countRounds" },
    );

    await order(second, 2);

    expect(interposed).toBe(true);
    expect((await productEntity(ctx.db).get({ id: soap.id }).go()).data?.stock).toBe(0);
    expect(requests).toEqual([`En rupture : ${soap.name}`]);
  });
});

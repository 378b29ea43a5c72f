import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultSettings } from "../../../src/domain/settings";
import { createTestContext } from "../../../tests/setup/test-db";
import { createCustomer } from "../../../tests/support/customers";
import { createSoap } from "../../../tests/support/products";
import { getUser } from "../auth";
import type { DataDeps } from "../deps";
import { createPromo } from "../promos";
import { putSetting } from "../settings";
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
      user,
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
    // The settings in one BatchGetItem, the products in another; one lot query per product.
    expect(before[0]?.sort()).toEqual(
      [
        "BatchGetItemCommand",
        "BatchGetItemCommand",
        "GetItemCommand",
        "GetItemCommand",
        "GetItemCommand",
        "GetItemCommand",
        "QueryCommand",
        "QueryCommand",
      ].sort(),
    );
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
        placeOrder(ctx.deps, user, nothingKnown, { paymentMethod: "bank_transfer" }),
      ).rejects.toMatchObject({ code: "MAINTENANCE" });
    } finally {
      await putSetting(ctx.deps, "maintenance", defaultSettings.maintenance);
    }
    await expect(
      placeOrder(ctx.deps, user, nothingKnown, { paymentMethod: "bank_transfer" }),
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
        user,
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
    await ctx.db.entities.setting
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

/**
 * A line charged under a reduction is announced where the order's lines are shown, in the pages' words: the order
 * as the customer and the owner read it, the confirmation mail (the invoice's line: invoices.test.ts).
 */
import { describe, expect, it } from "vitest";
import { sendQueuedOrderConfirmation } from "../../functions/orders/confirmation-mail";
import type { Order } from "../../src/domain/orders/order";
import { createTestContext } from "../setup/test-db";
import { createCustomer } from "../support/customers";
import { readMails } from "../support/mail";
import { chargeLineUnderReduction } from "../support/order-lines";
import { createSoap } from "../support/products";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const MENTION = "Prix de référence : le prix le plus bas des 30 jours précédant la réduction";

const reduced = await createSoap(ctx.deps, { price: 34.9, stock: 50 });
const regular = await createSoap(ctx.deps, { price: 10, stock: 50 });

/** 2 × 34,90 € charged under « Soldes » from 44,90 € (22 % off, rounded down from 22.27), and 1 × 10,00 €. */
async function placeReducedOrder() {
  const customer = await createCustomer(ctx.deps, ctx.app);
  const response = await customer.call("POST", "/api/orders", {
    items: [
      { product_id: reduced.id, quantity: 2 },
      { product_id: regular.id, quantity: 1 },
    ],
    shipping_address_id: customer.addressId,
    total_amount: 79.8 + 7.8,
    payment_method: "bank_transfer",
    transfer_sender_name: "Client",
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { order } = (await response.json()) as { order: Order };
  await chargeLineUnderReduction(ctx.deps, order.id, 0, { kind: "soldes", reference_cents: 4490 });
  return { customer, order };
}

describe("a line charged under a reduction", () => {
  it("is answered with its reduction by the customer's and the owner's order reads; a line at its price with none", async () => {
    const { customer, order } = await placeReducedOrder();
    const expected = { kind: "soldes", reference: 44.9, percent: 22 };

    const one = (await (await customer.call("GET", `/api/user/orders/${order.id}`)).json()) as Order;
    expect(one.items[0]).toMatchObject({ unit_price: 34.9, total_price: 69.8, reduction: expected });
    expect(one.items[1]).not.toHaveProperty("reduction");

    const mine = (await (await customer.call("GET", "/api/user/orders")).json()) as Order[];
    expect(mine.find((o) => o.id === order.id)?.items[0]?.reduction).toEqual(expected);

    const owners = (await (await admin.call("GET", "/api/admin/orders?limit=100")).json()) as {
      orders: Order[];
    };
    const seen = owners.orders.find((o) => o.id === order.id);
    expect(seen?.items[0]?.reduction).toEqual(expected);
    expect(seen?.items[1]).not.toHaveProperty("reduction");
  });

  it("is announced under its line in the confirmation mail, text and HTML", async () => {
    const { customer, order } = await placeReducedOrder();
    await ctx.deps.accountMail.flush();
    await sendQueuedOrderConfirmation(ctx.deps, order.id);
    const mail = readMails(ctx.mailDir)
      .filter((m) => m.to === customer.email && /Confirmation/.test(m.subject))
      .at(-1);
    expect(mail?.text).toMatch(
      new RegExp(
        `2 × ${reduced.name} — 69,80\\s€\\n {2}Soldes -22\\s% : 34,90\\s€ au lieu de 44,90\\s€\\n {2}${MENTION}\\n1 × ${regular.name}`,
      ),
    );
    expect(mail?.html).toMatch(/au lieu de <s>44,90\s€<\/s><br>Prix de référence/);
  });
});

/**
 * The withdrawal function (Code de la consommation L221-21, D221-5; issue 15): the period in Europe/Paris, whole or
 * some lines, signed in or as a guest, idempotent, immutable, acknowledged by e-mail, and the owner's list.
 */
import { describe, expect, it } from "vitest";
import { openSession } from "../../functions/accounts/auth";
import { runDailySummary } from "../../functions/admin/daily-summary";
import { productEntity } from "../../functions/catalog/product-entity";
import { orderEntity } from "../../functions/orders/entity";
import { putSetting } from "../../functions/settings/service";
import { withdrawalEntity } from "../../functions/withdrawals/entity";
import type { OwnerTodo } from "../../src/domain/admin/owner-todo/list";
import type { Order } from "../../src/domain/orders/order";
import { defaultSettings } from "../../src/domain/settings/settings";
import type {
  AdminWithdrawal,
  WithdrawalRecord,
  WithdrawalView,
} from "../../src/domain/withdrawals/withdrawal-schemas";
import { createTestContext } from "../setup/test-db";
import { FRENCH_ADDRESS } from "../support/addresses";
import { apiCaller, createCustomer, placeTransferOrder, type TestCustomer } from "../support/customers";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";
import { SHOP_COMPANY } from "../support/shop-setup";

let now = new Date("2026-10-01T08:00:00.000Z");
const ctx = await createTestContext({ now: () => now });
const adminAccount = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
/** The owner, with a session opened at the test clock's current time (the tests move it by months). */
const admin = {
  call: async (...args: Parameters<TestCustomer["call"]>) =>
    apiCaller(ctx.app, await openSession(ctx.deps, adminAccount.id))(...args),
};
/** A customer created at `at` (sessions last 30 days from the clock's time). */
const customerAt = (at: string) => {
  now = new Date(at);
  return createCustomer(ctx.deps, ctx.app);
};

let keys = 0;
const formKey = () => `form-key-${++keys}-${Math.random().toString(36).slice(2, 10)}`;
const number = (order: { id: string }) => order.id.slice(-8);
const stockOf = async (id: number) => (await productEntity(ctx.db).get({ id }).go()).data?.stock;
const edit = async (id: string, body: object) => {
  const response = await admin.call("PUT", `/api/admin/orders/${id}`, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Order;
};

/** An order of 3 + 1 soaps at 10 € (47,80 € with delivery) by bank transfer. */
async function twoLineOrder(customer: TestCustomer): Promise<{ order: Order; products: number[] }> {
  const a = await createSoap(ctx.deps, { price: 10, stock: 10 });
  const b = await createSoap(ctx.deps, { price: 10, stock: 10 });
  const response = await customer.call("POST", "/api/orders", {
    items: [
      { product_id: a.id, quantity: 3 },
      { product_id: b.id, quantity: 1 },
    ],
    shipping_address_id: customer.addressId,
    total_amount: 47.8,
    payment_method: "bank_transfer",
    transfer_sender_name: "Client",
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return { order: ((await response.json()) as { order: Order }).order, products: [a.id, b.id] };
}

/** Paid and delivered at `deliveredAt` (the clock is set there for the owner's save). */
async function deliveredAt(customer: TestCustomer, at: string) {
  const { order, products } = await twoLineOrder(customer);
  now = new Date(at);
  return { order: await edit(order.id, { payment_status: "completed", status: "delivered" }), products };
}

const view = async (customer: TestCustomer, id: string) => {
  const response = await customer.call("GET", `/api/withdrawals/orders/${id}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as WithdrawalView;
};
const confirm = (customer: TestCustomer, id: string, body: object) =>
  customer.call("POST", `/api/withdrawals/orders/${id}`, body);
/** A customer's withdrawal of these [line index, quantity] pairs, sent from a form opened at `version`. */
const withdraw = (customer: TestCustomer, id: string, version: number, lines: [number, number][]) =>
  confirm(customer, id, {
    lines: lines.map(([index, quantity]) => ({ index, quantity })),
    order_version: version,
    form_key: formKey(),
  });
const guest = (path: string, body: object) =>
  ctx.app.request(`/api/withdrawals${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const records = async (orderId: string) =>
  (await withdrawalEntity(ctx.db).query.byOrder({ order_id: orderId }).go()).data;

describe("the period, in Europe/Paris", () => {
  it("is open until 23:59:59 Paris time on the 14th day after delivery, across the autumn clock change", async () => {
    const customer = await customerAt("2026-10-10T10:00:00.000Z");
    // Delivered at 12:00 Paris (CEST) on 11 October 2026; clocks go back on 25 October: the end is 23:59:59 CET.
    const { order: first } = await deliveredAt(customer, "2026-10-11T10:00:00.000Z");
    const { order: second } = await deliveredAt(customer, "2026-10-11T10:00:00.000Z");

    now = new Date("2026-10-25T22:59:59.900Z");
    const open = await view(customer, first.id);
    expect(open.window).toMatchObject({ phase: "open", deadline: "2026-10-25T22:59:59.000Z" });
    const inTime = await withdraw(customer, first.id, open.order_version, [[0, 1]]);
    expect(inTime.status, await inTime.clone().text()).toBe(201);

    now = new Date("2026-10-25T23:00:00.000Z"); // 00:00:00 Paris on 26 October
    const closed = await view(customer, second.id);
    expect(closed.window.phase).toBe("closed");
    expect(closed.window.reason).toContain("a pris fin le 25 octobre 2026 à 23 h 59");
    const late = await withdraw(customer, second.id, closed.order_version, [[0, 1]]);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({
      code: "WITHDRAWAL_CLOSED",
      error: expect.stringContaining("Le délai de rétractation de 14 jours a pris fin le 25 octobre 2026"),
    });
    expect(await records(second.id)).toHaveLength(0);
  });

  it("counts the Paris day of delivery, not the UTC one, and ends in summer time after the spring change", async () => {
    const customer = await customerAt("2026-03-14T10:00:00.000Z");
    // 00:30 Paris on 16 March (23:30 UTC on the 15th): the period ends on 30 March at 23:59:59 CEST (21:59:59 UTC).
    const { order } = await deliveredAt(customer, "2026-03-15T23:30:00.000Z");
    now = new Date("2026-03-30T21:59:59.000Z");
    expect((await view(customer, order.id)).window).toMatchObject({
      phase: "open",
      deadline: "2026-03-30T21:59:59.000Z",
    });
    now = new Date("2026-03-30T22:00:00.000Z");
    expect((await view(customer, order.id)).window.phase).toBe("closed");
  });
});

describe("a withdrawal after delivery, signed in", () => {
  it("takes some lines, then the rest, never more than bought, and mails an acknowledgement with the date and time", async () => {
    const customer = await customerAt("2026-11-19T10:00:00.000Z");
    const { order } = await deliveredAt(customer, "2026-11-20T10:00:00.000Z");
    now = new Date("2026-11-24T08:28:00.000Z");
    const before = await view(customer, order.id);
    expect(before.lines.map((line) => line.available)).toEqual([3, 1]);

    const part = await withdraw(customer, order.id, before.order_version, [[0, 2]]);
    expect(part.status, await part.clone().text()).toBe(201);
    const { withdrawal } = (await part.json()) as { withdrawal: WithdrawalRecord };
    expect(withdrawal).toMatchObject({
      scope: "lines",
      effect: "return_expected",
      channel: "account",
      requested_at: "2026-11-24T08:28:00.000Z",
      lines: [{ index: 0, quantity: 2, product_name: order.items[0]?.product_name }],
    });

    const mail = readMails(ctx.mailDir).find(
      (item) =>
        item.to === customer.email && item.subject.includes("Accusé de réception de votre rétractation"),
    );
    expect(mail?.subject).toContain(`commande n° ${number(order)}`);
    expect(mail?.text).toContain(
      `Nous avons bien reçu, le mardi 24 novembre 2026 à 09:28 (heure de Paris), votre rétractation du contrat de la commande n° ${number(order)}.`,
    );
    expect(mail?.text).toContain(`2 × ${order.items[0]?.product_name}`);
    expect(mail?.text).toContain(`Référence de votre rétractation : ${withdrawal.id}`);
    expect(mail?.text).toContain("par virement, par le même moyen que votre paiement, au plus tard 14 jours");
    expect(mail?.html).toContain("mardi 24 novembre 2026 à 09:28");
    // Issue 28 item 14: the return address itself, not a pointer to the CGV.
    expect(mail?.text).toContain(
      `Renvoyez-nous les produits concernés dans les 14 jours, à l'adresse ${SHOP_COMPANY.address} (les frais de retour restent à votre charge).`,
    );

    const after = await view(customer, order.id);
    expect(after.lines.map((line) => line.available)).toEqual([1, 1]);
    expect(after.withdrawals).toHaveLength(1);

    const tooMany = await withdraw(customer, order.id, after.order_version, [[0, 2]]);
    expect(tooMany.status).toBe(409);
    expect(((await tooMany.json()) as { error: string }).error).toContain("au plus 1");

    const rest = await withdraw(customer, order.id, after.order_version, [
      [0, 1],
      [1, 1],
    ]);
    expect(rest.status).toBe(201);
    const nothingLeft = await withdraw(customer, order.id, after.order_version, [[1, 1]]);
    expect(nothingLeft.status).toBe(409);
    expect((await view(customer, order.id)).lines.map((line) => line.available)).toEqual([0, 0]);
    // The order itself is unchanged: the goods come back through the owner's return.
    const stored = (await orderEntity(ctx.db).get({ id: order.id }).go()).data;
    expect(stored).toMatchObject({ status: "delivered", payment_status: "completed" });
  });

  it("is idempotent: the same confirmation twice, even at once, records one withdrawal and sends one mail", async () => {
    const customer = await customerAt("2026-11-19T10:00:00.000Z");
    const { order } = await deliveredAt(customer, "2026-11-20T10:00:00.000Z");
    const { order_version } = await view(customer, order.id);
    const body = { lines: [{ index: 1, quantity: 1 }], order_version, form_key: formKey() };
    const [a, b] = await Promise.all([confirm(customer, order.id, body), confirm(customer, order.id, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const again = await confirm(customer, order.id, body);
    expect(again.status).toBe(200);
    const ids = await Promise.all(
      [a, b, again].map(async (r) => ((await r.json()) as { withdrawal: WithdrawalRecord }).withdrawal.id),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await records(order.id)).toHaveLength(1);
    expect(
      readMails(ctx.mailDir).filter((m) => m.to === customer.email && m.subject.includes("rétractation")),
    ).toHaveLength(1);

    // Two different forms at once for the last unit: one wins, the other is told it is taken.
    const racing = await Promise.all(
      [formKey(), formKey()].map((form_key) =>
        confirm(customer, order.id, { lines: [{ index: 0, quantity: 3 }], order_version, form_key }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await records(order.id)).toHaveLength(2);
  });

  it("refuses a stale form and another customer's order (404, like an unknown one)", async () => {
    const customer = await customerAt("2026-11-19T10:00:00.000Z");
    const other = await createCustomer(ctx.deps, ctx.app);
    const { order } = await twoLineOrder(customer);
    const opened = await view(customer, order.id);
    await edit(order.id, { payment_status: "completed" }); // the order moves on after the form was opened
    const stale = await withdraw(customer, order.id, opened.order_version, [
      [0, 3],
      [1, 1],
    ]);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toContain(
      "a changé depuis l'ouverture du formulaire",
    );

    expect((await other.call("GET", `/api/withdrawals/orders/${order.id}`)).status).toBe(404);
    const theirs = await confirm(other, order.id, {
      lines: [{ index: 0, quantity: 1 }],
      order_version: opened.order_version + 1,
      form_key: formKey(),
    });
    expect(theirs.status).toBe(404);
    expect(await records(order.id)).toHaveLength(0);
  });

  it("validates the body with French messages", async () => {
    const customer = await customerAt("2026-11-19T10:00:00.000Z");
    const { order } = await twoLineOrder(customer);
    const response = await confirm(customer, order.id, { lines: [], order_version: -1, form_key: "x" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe("VALIDATION");
    expect(Object.values(body.fields).join(" ")).toMatch(
      /Choisissez au moins un produit|Formulaire invalide/,
    );
  });
});

describe("before shipping", () => {
  it("withdrawing a paid order as a whole is the lifecycle's cancellation: stock back, credit note, refund due", async () => {
    const customer = await customerAt("2026-11-19T10:00:00.000Z");
    const { order, products } = await twoLineOrder(customer);
    const paid = await edit(order.id, { payment_status: "completed" });
    const opened = await view(customer, order.id);
    expect(opened.window.phase).toBe("before_shipping");

    const partial = await withdraw(customer, order.id, opened.order_version, [[0, 1]]);
    expect(partial.status).toBe(409);
    expect(((await partial.json()) as { error: string }).error).toContain("porte sur toute la commande");

    const whole = await withdraw(customer, order.id, opened.order_version, [
      [0, 3],
      [1, 1],
    ]);
    expect(whole.status, await whole.clone().text()).toBe(201);
    expect(((await whole.json()) as { withdrawal: WithdrawalRecord }).withdrawal).toMatchObject({
      scope: "whole",
      effect: "cancelled",
    });
    const stored = (await orderEntity(ctx.db).get({ id: paid.id }).go()).data;
    expect(stored).toMatchObject({ status: "cancelled", payment_status: "completed" });
    expect(stored?.credit_note_number).toMatch(/^AV-/);
    expect(await stockOf(products[0] ?? 0)).toBe(10);
    expect(await stockOf(products[1] ?? 0)).toBe(10);
    const mail = readMails(ctx.mailDir).find(
      (m) => m.to === customer.email && m.subject.includes("rétractation"),
    );
    expect(mail?.text).toContain("elle est annulée");
    expect((await view(customer, order.id)).window.phase).toBe("closed");
  });

  it("an unpaid order withdrawn is cancelled with nothing to refund", async () => {
    const customer = await customerAt("2026-11-19T10:00:00.000Z");
    const { order } = await twoLineOrder(customer);
    const opened = await view(customer, order.id);
    const whole = await withdraw(customer, order.id, opened.order_version, [
      [0, 3],
      [1, 1],
    ]);
    expect(whole.status).toBe(201);
    expect((await orderEntity(ctx.db).get({ id: order.id }).go()).data).toMatchObject({
      status: "cancelled",
      payment_status: "failed",
    });
  });
});

describe("as a guest, with the order number and the e-mail", () => {
  it("finds the order only with the right pair, answering the same 404 otherwise, and confirms", async () => {
    const customer = await customerAt("2026-11-30T10:00:00.000Z");
    const stranger = await createCustomer(ctx.deps, ctx.app);
    const { order } = await deliveredAt(customer, "2026-12-01T10:00:00.000Z");
    now = new Date("2026-12-02T10:00:00.000Z");

    const found = await guest("/lookup", {
      order_number: number(order).toLowerCase(),
      email: customer.email.toUpperCase(),
    });
    expect(found.status, await found.clone().text()).toBe(200);
    const seen = (await found.json()) as WithdrawalView;
    expect(seen).toMatchObject({ order_id: order.id, window: { phase: "open" } });

    const wrongPairs = [
      { order_number: number(order), email: stranger.email },
      { order_number: number(order), email: "personne@example.fr" },
      { order_number: "ZZZZZZZZ", email: customer.email },
    ];
    const bodies = await Promise.all(
      wrongPairs.map(async (pair) => {
        const response = await guest("/lookup", pair);
        expect(response.status).toBe(404);
        return response.json();
      }),
    );
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ error: expect.stringContaining("Aucune commande ne correspond") });

    const confirmed = await guest("", {
      order_number: number(order),
      email: customer.email,
      lines: [{ index: 1, quantity: 1 }],
      order_version: seen.order_version,
      form_key: formKey(),
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(201);
    expect(((await confirmed.json()) as { withdrawal: WithdrawalRecord }).withdrawal.channel).toBe("guest");

    const wrong = await guest("", {
      order_number: number(order),
      email: stranger.email,
      lines: [{ index: 0, quantity: 1 }],
      order_version: seen.order_version,
      form_key: formKey(),
    });
    expect(wrong.status).toBe(404);
    expect(await records(order.id)).toHaveLength(1);
  });

  it("limits look-ups per client address (count first: the 21st in 15 minutes is refused)", async () => {
    now = new Date("2027-06-01T10:00:00.000Z");
    const pair = { order_number: "AAAAAAAA", email: "x@example.fr" };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await guest("/lookup", pair)).status);
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    const refused = await guest("/lookup", pair);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(statuses[20]).toBe(429);
  });
});

describe("as a guest, an order placed without an account", () => {
  /** A guest's order of 3 + 1 soaps at 10 € by bank transfer, paid and delivered at `at`. */
  async function guestOrderDelivered(email: string, at: string): Promise<Order> {
    const a = await createSoap(ctx.deps, { price: 10, stock: 10 });
    const b = await createSoap(ctx.deps, { price: 10, stock: 10 });
    const response = await ctx.app.request("/api/guest/orders", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        items: [
          { product_id: a.id, quantity: 3 },
          { product_id: b.id, quantity: 1 },
        ],
        total_amount: 47.8,
        payment_method: "bank_transfer",
        transfer_sender_name: "Lina Moreau",
        guest: { email, address: FRENCH_ADDRESS },
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { order } = (await response.json()) as { order: Order };
    now = new Date(at);
    return edit(order.id, { payment_status: "completed", status: "delivered" });
  }

  /** Looks the order up with its number and `email`, then withdraws its second line as a guest. */
  async function withdrawAsGuest(order: Order, email: string) {
    const found = await guest("/lookup", { order_number: number(order).toLowerCase(), email });
    expect(found.status, await found.clone().text()).toBe(200);
    const seen = (await found.json()) as WithdrawalView;
    expect(seen).toMatchObject({ order_id: order.id, window: { phase: "open" } });
    const confirmed = await guest("", {
      order_number: number(order),
      email,
      lines: [{ index: 1, quantity: 1 }],
      order_version: seen.order_version,
      form_key: formKey(),
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(201);
    return ((await confirmed.json()) as { withdrawal: WithdrawalRecord }).withdrawal;
  }

  it("is found with its number and e-mail when the e-mail has no account, and withdrawn", async () => {
    now = new Date("2027-02-01T10:00:00.000Z");
    const email = `invitee-retractation-${Math.random().toString(36).slice(2, 8)}@example.fr`;
    const order = await guestOrderDelivered(email, "2027-02-02T10:00:00.000Z");
    now = new Date("2027-02-03T09:00:00.000Z");

    const withdrawal = await withdrawAsGuest(order, ` ${email.toUpperCase()} `);
    expect(withdrawal).toMatchObject({ channel: "guest", order_id: order.id, scope: "lines" });
    expect(await records(order.id)).toHaveLength(1);
    const mail = readMails(ctx.mailDir).find(
      (item) => item.to === email && item.subject.includes("Accusé de réception de votre rétractation"),
    );
    expect(mail?.text).toContain(`commande n° ${number(order)}`);

    // Another e-mail, or another guest's number with hers, answers the usual 404.
    const other = await guestOrderDelivered(`autre-${email}`, "2027-02-02T10:00:00.000Z");
    for (const pair of [
      { order_number: number(order), email: `autre-${email}` },
      { order_number: number(other), email },
    ]) {
      const response = await guest("/lookup", pair);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: expect.stringContaining("Aucune commande") });
    }
  });

  it("is found beside the account's own orders when the e-mail has an account", async () => {
    const customer = await customerAt("2027-03-01T10:00:00.000Z");
    const { order: signedIn } = await deliveredAt(customer, "2027-03-02T10:00:00.000Z");
    const placedAsGuest = await guestOrderDelivered(customer.email, "2027-03-02T10:00:00.000Z");
    now = new Date("2027-03-03T09:00:00.000Z");
    expect((await orderEntity(ctx.db).get({ id: placedAsGuest.id }).go()).data?.user_id).toBe(
      `guest:${customer.email}`,
    );

    expect((await withdrawAsGuest(placedAsGuest, customer.email)).order_id).toBe(placedAsGuest.id);
    expect((await withdrawAsGuest(signedIn, customer.email)).order_id).toBe(signedIn.id);
    expect(await records(placedAsGuest.id)).toHaveLength(1);
    expect(await records(signedIn.id)).toHaveLength(1);
  });
});

describe("during maintenance (Code de la consommation L221-21: the function stays available)", () => {
  it("a customer and a guest look up and withdraw, while a new order is refused (503)", async () => {
    const customer = await customerAt("2027-07-01T10:00:00.000Z");
    const { order: first } = await deliveredAt(customer, "2027-07-02T10:00:00.000Z");
    const { order: second } = await deliveredAt(customer, "2027-07-02T10:00:00.000Z");
    const soap = await createSoap(ctx.deps, { price: 10, stock: 10 });
    now = new Date("2027-07-03T10:00:00.000Z");
    await putSetting(ctx.deps, "maintenance", { ...defaultSettings.maintenance, enabled: true });
    try {
      const signedIn = await view(customer, first.id);
      const mine = await withdraw(customer, first.id, signedIn.order_version, [[0, 1]]);
      expect(mine.status, await mine.clone().text()).toBe(201);

      const found = await guest("/lookup", { order_number: number(second), email: customer.email });
      expect(found.status, await found.clone().text()).toBe(200);
      const seen = (await found.json()) as WithdrawalView;
      const asGuest = await guest("", {
        order_number: number(second),
        email: customer.email,
        lines: [{ index: 1, quantity: 1 }],
        order_version: seen.order_version,
        form_key: formKey(),
      });
      expect(asGuest.status, await asGuest.clone().text()).toBe(201);
      expect(await records(first.id)).toHaveLength(1);
      expect(await records(second.id)).toHaveLength(1);

      const refused = await customer.call("POST", "/api/orders", {
        items: [{ product_id: soap.id, quantity: 1 }],
        shipping_address_id: customer.addressId,
        total_amount: 17.8,
        payment_method: "bank_transfer",
        transfer_sender_name: "Client",
      });
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ code: "MAINTENANCE" });
    } finally {
      await putSetting(ctx.deps, "maintenance", defaultSettings.maintenance);
    }
  });
});

describe("records are immutable", () => {
  it("the entity refuses any update of a recorded withdrawal", async () => {
    const customer = await customerAt("2027-06-30T10:00:00.000Z");
    const { order } = await deliveredAt(customer, "2027-07-01T10:00:00.000Z");
    const { order_version } = await view(customer, order.id);
    await withdraw(customer, order.id, order_version, [[1, 1]]);
    const [record] = await records(order.id);
    expect(record).toBeDefined();
    const key = { order_id: order.id, seq: record?.seq ?? "" };
    expect(() =>
      withdrawalEntity(ctx.db).update(key).set({ requested_at: "2000-01-01T00:00:00Z" }).params(),
    ).toThrow();
    expect(() => withdrawalEntity(ctx.db).patch(key).set({ lines: [] }).params()).toThrow();
    // A second create of the same number fails its condition: a record is never overwritten.
    await expect(
      withdrawalEntity(ctx.db)
        .create({ ...record, form_key: "other" } as never)
        .go(),
    ).rejects.toThrow();
    expect((await records(order.id))[0]).toEqual(record);
  });
});

describe("the owner's list", () => {
  it("shows each request with its refund deadline (14 days), its refund state, and highlights overdue ones", async () => {
    const customer = await customerAt("2027-07-31T10:00:00.000Z");
    const { order } = await deliveredAt(customer, "2027-08-01T10:00:00.000Z");
    now = new Date("2027-08-03T08:00:00.000Z");
    const { order_version } = await view(customer, order.id);
    const response = await withdraw(customer, order.id, order_version, [[0, 1]]);
    const { withdrawal } = (await response.json()) as { withdrawal: WithdrawalRecord };

    const list = async () => {
      const answer = await admin.call("GET", "/api/admin/withdrawals");
      expect(answer.status).toBe(200);
      const { withdrawals } = (await answer.json()) as { withdrawals: AdminWithdrawal[] };
      return withdrawals.find((item) => item.id === withdrawal.id);
    };
    expect(await list()).toMatchObject({
      order_number: number(order).toUpperCase(),
      customer_email: customer.email,
      refund_deadline: "2027-08-17T21:59:59.000Z",
      refund_state: "awaiting",
      overdue: false,
    });
    now = new Date("2027-08-17T22:00:00.000Z");
    expect(await list()).toMatchObject({ overdue: true });

    // The goods come back through « Retour et remboursement »: the transfer is due, then done.
    const current = (await (await customer.call("GET", `/api/user/orders/${order.id}`)).json()) as Order;
    const returned = await admin.call("POST", `/api/admin/orders/${order.id}/returns`, {
      order_version: current.version,
      lines: [{ index: 0, quantity: 1, restock: true }],
      refund_shipping: false,
      amount: 10,
    });
    expect(returned.status, await returned.clone().text()).toBe(201);
    expect(await list()).toMatchObject({ refund_state: "refund_due", overdue: true });
    const refundId = ((await returned.json()) as Order).refunds[0]?.id;
    await admin.call("POST", `/api/admin/orders/${order.id}/refunds/${refundId}/done`);
    expect(await list()).toMatchObject({ refund_state: "refunded", overdue: false });

    expect((await customer.call("GET", "/api/admin/withdrawals")).status).toBe(403);
  });

  // Issue 28 item 8: the row of an unpaid order withdrawn said « Rien à rembourser » and gave a refund deadline.
  it("gives no refund deadline to an unpaid order withdrawn: not in the list, the to-do list or the daily summary", async () => {
    const customer = await customerAt("2027-10-04T10:00:00.000Z");
    const { order } = await twoLineOrder(customer);
    // Something else to do, so that the summary is sent: another transfer awaited.
    const other = await twoLineOrder(customer);
    const opened = await view(customer, order.id);
    const response = await withdraw(customer, order.id, opened.order_version, [
      [0, 3],
      [1, 1],
    ]);
    expect(response.status, await response.clone().text()).toBe(201);
    const { withdrawal } = (await response.json()) as { withdrawal: WithdrawalRecord };

    // Past the 14 days a refund would have had: still nothing owed, nothing late.
    now = new Date("2027-10-25T07:30:00.000Z");
    const listed = (await (await admin.call("GET", "/api/admin/withdrawals")).json()) as {
      withdrawals: AdminWithdrawal[];
    };
    expect(listed.withdrawals.find((item) => item.id === withdrawal.id)).toMatchObject({
      refund_state: "nothing_to_refund",
      refund_deadline: null,
      overdue: false,
    });
    const todo = (await (await admin.call("GET", "/api/admin/todo")).json()) as OwnerTodo;
    expect(todo.transfers.map((item) => item.order_id)).toContain(other.order.id);
    expect(todo.refunds.map((item) => item.order_id)).not.toContain(order.id);

    await putSetting(ctx.deps, "company_info", SHOP_COMPANY);
    expect((await runDailySummary(ctx.deps)).outcome).toBe("sent");
    const summary = readMails(ctx.mailDir).find(
      (mail) => mail.to === SHOP_COMPANY.email && mail.subject.includes("À faire aujourd'hui"),
    );
    expect(summary?.text).toContain(number(other.order).toUpperCase());
    expect(summary?.text).not.toContain(number(order).toUpperCase());
  });
});

describe("order e-mails", () => {
  it("carry the withdrawal link", async () => {
    const customer = await customerAt("2027-09-01T10:00:00.000Z");
    const product = await createSoap(ctx.deps);
    const order = await placeTransferOrder(customer, product.id, 1, 17.8);
    await ctx.deps.accountMail.flush();
    const mail = readMails(ctx.mailDir).find(
      (m) => m.to === customer.email && m.subject.includes("Confirmation"),
    );
    expect(mail?.text).toContain(
      `Se rétracter du contrat ici : http://shop.test/retractation?commande=${order.id}`,
    );
    expect(mail?.html).toContain("Se rétracter du contrat ici");
  });
});

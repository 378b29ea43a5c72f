/**
 * Issue 32: ordering without an account, over HTTP against DynamoDB Local. A guest order keeps every rule a
 * customer's keeps (prices, stock, promo limits, idempotency, the client address's limit), and is
 * reached only by its own link: another order's, a revoked or an expired link answer 404 like a made-up id.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { orderEntity } from "../../functions/orders/entity";
import { guestLinkEntity } from "../../functions/orders/guest/link-entity";
import { createPromo } from "../../functions/promos/service";
import type { Order } from "../../src/domain/orders/order";
import { UNPAID_UNITS_PER_PRODUCT } from "../../src/domain/orders/unpaid-holds";
import { rateLimits } from "../../src/domain/rate-limit";
import type { PaypalDouble } from "../doubles/paypal";
import { createTestContext } from "../setup/test-db";
import { FRENCH_ADDRESS } from "../support/addresses";
import { anonymousCaller } from "../support/client-addresses";
import { createCustomer } from "../support/customers";
import { readMails } from "../support/mail";
import { withPaypalDouble } from "../support/paypal";
import { createSoap } from "../support/products";

let offset = 0;
const ctx = await createTestContext({ now: () => new Date(Date.now() + offset) });
const paypalDouble = withPaypalDouble(ctx.deps);
let paypal: PaypalDouble;
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });

beforeAll(() => {
  paypal = paypalDouble.double;
});
beforeEach(() => {
  offset = 0;
});

/** A client address of its own for each call unless one is given: the per-address limit is tested on purpose. */
const call = anonymousCaller(ctx.app, "198.51.100");

let guests = 0;
const newEmail = () => `invitee-${++guests}-${Math.random().toString(36).slice(2, 7)}@example.fr`;
const guestOf = (email: string) => ({ email, address: FRENCH_ADDRESS });
/** FRENCH_ADDRESS's street, at another number: another home. */
const homeNumber = (index: number) => ({ ...FRENCH_ADDRESS, address_line1: `${100 + index} rue du Four` });

/** A guest's bank-transfer order body for one soap at 12,90 € (20,70 € with the 7,80 € shipping). */
const transferBody = (email: string, productId: number, quantity = 1, total = 20.7, extra = {}) => ({
  items: [{ product_id: productId, quantity }],
  total_amount: total,
  payment_method: "bank_transfer",
  transfer_sender_name: "Lina Moreau",
  guest: guestOf(email),
  ...extra,
});
const soap = (stock = 10) => createSoap(ctx.deps, { price: 12.9, stock, lowStockThreshold: 0 });
const stockOf = async (id: number) => (await productEntity(ctx.db).get({ id }).go()).data?.stock;

type Placed = { order: Order; access_token: string };
async function placeGuest(body: object, headers?: Record<string, string>): Promise<Placed> {
  const response = await call("POST", "/api/guest/orders", body, headers);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Placed;
}
const readGuest = (id: string, token?: string) =>
  call("GET", `/api/guest/orders/${id}`, undefined, token ? { "x-order-token": token } : {});

/** The token of the last link mailed for an order (`/orders/track/<id>#acces=<token>`). */
function mailedToken(orderId: string): string | undefined {
  const pattern = new RegExp(`/orders/track/${orderId}#acces=([A-Za-z0-9_-]{43})`);
  return readMails(ctx.mailDir)
    .map((mail) => pattern.exec(mail.text)?.[1])
    .filter(Boolean)
    .at(-1);
}

describe("a guest's bank-transfer order", () => {
  it("follows the customer's rules, stores the guest under her e-mail, and answers a link of its own", async () => {
    const product = await soap();
    const email = newEmail();
    const { order, access_token } = await placeGuest(
      transferBody(` ${email.toUpperCase()} `, product.id, 2, 33.6, { order_notes: "Sonner deux fois" }),
    );
    expect(order).toMatchObject({
      status: "pending",
      payment_status: "pending",
      total_amount: 33.6,
      is_guest: true,
      user: { email, full_name: "Lina Moreau" },
      order_notes: "Sonner deux fois",
      shipping_address: { phone: "+33611223344", postal_code: "13001", country: "France" },
    });
    expect(access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await stockOf(product.id)).toBe(8);
    const stored = (await orderEntity(ctx.db).get({ id: order.id }).go()).data;
    expect(stored?.user_id).toBe(`guest:${email}`);
    // Only the link's hash is kept.
    expect(
      JSON.stringify(await guestLinkEntity(ctx.db).query.byOrder({ order_id: order.id }).go()),
    ).not.toContain(access_token);

    const read = await readGuest(order.id, access_token);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      id: order.id,
      is_guest: true,
      transfer_instructions: { amount: 33.6, reference: order.transfer_reference },
    });
  });

  it("refuses invalid details in French, by field, before anything is written", async () => {
    const product = await soap();
    const response = await call("POST", "/api/guest/orders", {
      ...transferBody("pas-un-email", product.id),
      guest: { email: "pas-un-email", address: { ...FRENCH_ADDRESS, phone: "12", postal_code: "" } },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe("VALIDATION");
    expect(body.fields).toMatchObject({
      "guest.email": "Adresse e-mail invalide.",
      "guest.address.phone": "Numéro de téléphone invalide (10 chiffres).",
      "guest.address.postal_code": "Le code postal est obligatoire.",
    });
    expect(await stockOf(product.id)).toBe(10);
  });

  it("replays a retried request (same key, same body) with the first link, and refuses the key for another", async () => {
    const product = await soap();
    const email = newEmail();
    const key = { "idempotency-key": `guest-key-${guests}-abcdef` };
    const first = await placeGuest(transferBody(email, product.id), key);
    await ctx.deps.accountMail.flush();
    const links = async () =>
      (await guestLinkEntity(ctx.db).query.byOrder({ order_id: first.order.id }).go()).data.length;
    const linksBefore = await links();
    const retried = await call("POST", "/api/guest/orders", transferBody(email, product.id), key);
    expect(retried.status).toBe(200);
    const again = (await retried.json()) as Placed;
    expect(again.order.id).toBe(first.order.id);
    // The browser that lost the first answer gets the same link again; no other link is made.
    expect(again.access_token).toBe(first.access_token);
    expect((await readGuest(first.order.id, again.access_token)).status).toBe(200);
    expect(await links()).toBe(linksBefore);
    expect(await stockOf(product.id)).toBe(9);

    const otherAddress = transferBody(email, product.id, 1, 20.7, {
      guest: { email, address: { ...FRENCH_ADDRESS, city: "Aix-en-Provence", postal_code: "13100" } },
    });
    const reused = await call("POST", "/api/guest/orders", otherAddress, key);
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
  });

  it("refuses the same key with another guest e-mail (422), and places no second order", async () => {
    const product = await soap();
    const key = { "idempotency-key": `guest-key-${guests}-other-email` };
    const first = await placeGuest(transferBody(newEmail(), product.id), key);
    const otherEmail = newEmail();
    const reused = await call("POST", "/api/guest/orders", transferBody(otherEmail, product.id), key);
    expect(reused.status, await reused.clone().text()).toBe(422);
    expect(await reused.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    expect(await stockOf(product.id)).toBe(9);
    const { data: theirs } = await orderEntity(ctx.db)
      .query.byUser({ user_id: `guest:${otherEmail}` })
      .go();
    expect(theirs).toEqual([]);
    expect((await readGuest(first.order.id, first.access_token)).status).toBe(200);
  });

  it("mints no working link when a revoked order's request is replayed", async () => {
    const product = await soap();
    const email = newEmail();
    const key = { "idempotency-key": `guest-key-${guests}-revoked` };
    const body = transferBody(email, product.id);
    const { order, access_token } = await placeGuest(body, key);
    await ctx.deps.accountMail.flush();
    expect((await admin.call("POST", `/api/admin/orders/${order.id}/guest-link`)).status).toBe(200);

    const replayed = await call("POST", "/api/guest/orders", body, key);
    expect(replayed.status).toBe(200);
    const again = (await replayed.json()) as Placed;
    expect(again.order.id).toBe(order.id);
    for (const token of [again.access_token, access_token]) {
      const read = await readGuest(order.id, token);
      expect(read.status).toBe(404);
      expect(await read.text()).not.toContain(FRENCH_ADDRESS.address_line1);
      expect(
        (await call("GET", `/api/guest/documents/${order.id}/invoice`, undefined, { "x-order-token": token }))
          .status,
      ).toBe(404);
    }
    // Only the owner's new link remains.
    const { data: links } = await guestLinkEntity(ctx.db).query.byOrder({ order_id: order.id }).go();
    expect(links).toHaveLength(1);
  });

  it("mails the confirmation to the guest with a link that opens the order", async () => {
    const product = await soap();
    const email = newEmail();
    const { order } = await placeGuest(transferBody(email, product.id));
    await ctx.deps.accountMail.flush();
    const mail = readMails(ctx.mailDir).find((one) => one.to === email);
    expect(mail?.text).toContain(order.transfer_reference ?? "missing");
    const token = mailedToken(order.id);
    expect(token).toBeDefined();
    expect((await readGuest(order.id, token)).status).toBe(200);
  });
});

describe("the confirmations one e-mail receives are limited, never the orders", () => {
  const hour = rateLimits.guestConfirmationsPerEmail;
  const day = rateLimits.guestConfirmationsPerEmailPerDay;
  const confirmationsTo = (email: string) =>
    readMails(ctx.mailDir).filter((mail) => mail.to === email && mail.subject.includes("Confirmation"));
  const placeFrom = async (email: string, productId: number, ip: string) => {
    const response = await call("POST", "/api/guest/orders", transferBody(email, productId), {}, ip);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Placed & { confirmation_mailed: boolean | null };
  };

  it(`mails ${hour.max} confirmations an hour to one address; the next orders are placed, not mailed, and open with the screen's link`, async () => {
    const product = await soap(100);
    const email = newEmail();
    // From as many addresses: the per-address limit of orders is not what stops the mails.
    const placed = [];
    for (let index = 0; index < hour.max + 2; index++)
      placed.push(await placeFrom(email, product.id, `192.0.2.${10 + index}`));
    await ctx.deps.accountMail.flush();
    expect(placed.map((one) => one.confirmation_mailed)).toEqual([
      ...Array<boolean>(hour.max).fill(true),
      false,
      false,
    ]);
    expect(confirmationsTo(email)).toHaveLength(hour.max);
    // Every order is whole: its stock taken, and the link the confirmation screen shows opens it.
    expect(await stockOf(product.id)).toBe(100 - hour.max - 2);
    for (const { order, access_token } of placed) {
      const read = await readGuest(order.id, access_token);
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({
        id: order.id,
        transfer_instructions: { reference: order.transfer_reference },
      });
    }
    // Another address is not held back by this one's.
    const other = newEmail();
    expect((await placeFrom(other, product.id, "192.0.2.40")).confirmation_mailed).toBe(true);
    await ctx.deps.accountMail.flush();
    expect(confirmationsTo(other)).toHaveLength(1);
  });

  it(`mails ${day.max} a day: an hour later the address gets mails again, up to the day's limit`, async () => {
    const product = await soap(100);
    const email = newEmail();
    const mailed: (boolean | null)[] = [];
    for (let index = 0; index < day.max + 1; index++) {
      // One order every 25 minutes: never more than 3 in an hour, 7 in under three hours.
      offset = index * 25 * 60_000;
      mailed.push((await placeFrom(email, product.id, `192.0.2.${60 + index}`)).confirmation_mailed);
    }
    expect(mailed).toEqual([...Array<boolean>(day.max).fill(true), false]);
    await ctx.deps.accountMail.flush();
    expect(confirmationsTo(email)).toHaveLength(day.max);
  });

  it("a replay mails nothing more and says it cannot tell", async () => {
    const product = await soap();
    const email = newEmail();
    const body = transferBody(email, product.id);
    const headers = { "idempotency-key": `guest-key-${guests}-confirmation` };
    const first = await call("POST", "/api/guest/orders", body, headers);
    expect(first.status, await first.clone().text()).toBe(201);
    expect(((await first.json()) as { confirmation_mailed: boolean }).confirmation_mailed).toBe(true);
    const again = await call("POST", "/api/guest/orders", body, headers);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { confirmation_mailed: boolean | null }).confirmation_mailed).toBeNull();
    await ctx.deps.accountMail.flush();
    expect(confirmationsTo(email)).toHaveLength(1);
  });
});

describe("a guest link opens its own order only", () => {
  it("answers 404 without a token, with a wrong one, and with another order's", async () => {
    const product = await soap();
    const mine = await placeGuest(transferBody(newEmail(), product.id));
    const theirs = await placeGuest(transferBody(newEmail(), product.id));
    const customer = await createCustomer(ctx.deps, ctx.app);

    for (const response of [
      await readGuest(mine.order.id),
      await readGuest(mine.order.id, "x".repeat(43)),
      await readGuest(mine.order.id, theirs.access_token),
      await readGuest("01UNKNOWNORDER0000000000000", mine.access_token),
      // A customer's session opens nothing here: the link is the only key.
      await customer.call("GET", `/api/guest/orders/${mine.order.id}`),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: "ORDER_NOT_FOUND" });
    }
    // Nor does a guest link open a customer's order.
    expect((await customer.call("GET", `/api/user/orders/${mine.order.id}`)).status).toBe(404);
    expect((await readGuest(mine.order.id, mine.access_token)).status).toBe(200);
  });

  it("stops working once the owner revokes it; the new link is mailed to the order's e-mail", async () => {
    const product = await soap();
    const email = newEmail();
    const { order, access_token } = await placeGuest(transferBody(email, product.id));
    await ctx.deps.accountMail.flush();
    const mailed = mailedToken(order.id);

    const revoked = await admin.call("POST", `/api/admin/orders/${order.id}/guest-link`);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ email });
    expect((await readGuest(order.id, access_token)).status).toBe(404);
    expect((await readGuest(order.id, mailed)).status).toBe(404);

    const fresh = mailedToken(order.id);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(mailed);
    expect((await readGuest(order.id, fresh)).status).toBe(200);
    const mail = readMails(ctx.mailDir).at(-1);
    expect(mail?.to).toBe(email);
  });

  it("cannot be revoked on a customer's order, nor by anyone but the owner", async () => {
    const product = await soap();
    const customer = await createCustomer(ctx.deps, ctx.app);
    const placed = await customer.call("POST", "/api/orders", {
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address_id: customer.addressId,
      total_amount: 20.7,
      payment_method: "bank_transfer",
      transfer_sender_name: "Client",
    });
    const { order } = (await placed.json()) as { order: Order };
    expect(order.is_guest).toBe(false);
    const refused = await admin.call("POST", `/api/admin/orders/${order.id}/guest-link`);
    expect(refused.status).toBe(409);
    const guest = await placeGuest(transferBody(newEmail(), product.id));
    expect((await customer.call("POST", `/api/admin/orders/${guest.order.id}/guest-link`)).status).toBe(403);
  });

  it("expires two years after the order ended (cancelled here), not before", async () => {
    const product = await soap();
    const { order, access_token } = await placeGuest(transferBody(newEmail(), product.id));
    expect((await admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "cancelled" })).status).toBe(
      200,
    );
    offset = 2 * 365 * 86_400_000 - 86_400_000;
    expect((await readGuest(order.id, access_token)).status).toBe(200);
    offset = 2 * 366 * 86_400_000;
    expect((await readGuest(order.id, access_token)).status).toBe(404);
  });
});

describe("promo limits: a customer's account, a guest's e-mail with her delivery address", () => {
  /** 2 € off, once a day per person. */
  const oncePerDay = (code: string) =>
    createPromo(ctx.deps, { code, discount_type: "fixed_amount", discount_value: 200, max_uses_per_user: 1 });
  /** Someone else's address: a stranger who typed the customer's e-mail has the parcel sent to himself. */
  const strangersAddress = { ...FRENCH_ADDRESS, first_name: "Marc", address_line1: "40 avenue Foch" };
  const customerOrder = (
    customer: Awaited<ReturnType<typeof createCustomer>>,
    productId: number,
    promoId: string,
  ) =>
    customer.call("POST", "/api/orders", {
      items: [{ product_id: productId, quantity: 1 }],
      shipping_address_id: customer.addressId,
      total_amount: 18.7,
      payment_method: "bank_transfer",
      transfer_sender_name: "Client",
      promo_code_id: promoId,
    });

  it("a stranger typing a customer's e-mail does not use up her day's allowance", async () => {
    const product = await soap();
    const promo = await oncePerDay(`ETRANGER${guests}`);
    const customer = await createCustomer(ctx.deps, ctx.app);
    await placeGuest({
      ...transferBody(customer.email.toUpperCase(), product.id, 1, 18.7, { promo_code_id: promo.id }),
      guest: { email: customer.email.toUpperCase(), address: strangersAddress },
    });

    const validated = await customer.call("POST", "/api/promo/validate", {
      promo_code: promo.code,
      total_amount: 12.9,
    });
    expect(await validated.json()).toMatchObject({ valid: true });
    expect((await customerOrder(customer, product.id, promo.id)).status).toBe(201);
  });

  it("a stranger typing a customer's e-mail does not learn whether she used the code today", async () => {
    const product = await soap();
    const promo = await oncePerDay(`DISCRET${guests}`);
    const customer = await createCustomer(ctx.deps, ctx.app);
    expect((await customerOrder(customer, product.id, promo.id)).status).toBe(201);
    const used = await call("POST", "/api/guest/orders", {
      ...transferBody(customer.email, product.id, 1, 18.7, { promo_code_id: promo.id }),
      guest: { email: customer.email, address: strangersAddress },
    });
    const unused = await call("POST", "/api/guest/orders", {
      ...transferBody(newEmail(), product.id, 1, 18.7, { promo_code_id: promo.id }),
      guest: { email: newEmail(), address: strangersAddress },
    });
    // Her use today or not, the answer is the same.
    expect([used.status, unused.status]).toEqual([201, 201]);
  });

  it("holds one guest to the limit: the same e-mail and delivery address, however typed, once a day", async () => {
    const product = await soap();
    const promo = await oncePerDay(`INVITE${guests}`);
    const email = newEmail();
    await placeGuest(transferBody(email, product.id, 1, 18.7, { promo_code_id: promo.id }));
    const again = await call("POST", "/api/guest/orders", {
      ...transferBody(` ${email.toUpperCase()}`, product.id, 1, 18.7, { promo_code_id: promo.id }),
      guest: {
        email: ` ${email.toUpperCase()}`,
        address: { ...FRENCH_ADDRESS, address_line1: "5, Rue du  Four" },
      },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "PROMO_USER_LIMIT" });
  });

  it("gives the day's use back when the guest order is cancelled", async () => {
    const product = await soap();
    const promo = await oncePerDay(`RENDU${guests}`);
    const email = newEmail();
    const { order } = await placeGuest(transferBody(email, product.id, 1, 18.7, { promo_code_id: promo.id }));
    expect((await admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "cancelled" })).status).toBe(
      200,
    );
    await placeGuest(transferBody(email, product.id, 1, 18.7, { promo_code_id: promo.id }));
  });
});

describe("many guests at once", () => {
  it("20 parallel guest orders on a stock of 5 sell exactly 5", async () => {
    const product = await soap(5);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call("POST", "/api/guest/orders", transferBody(newEmail(), product.id)),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(await stockOf(product.id)).toBe(0);
  });

  it(`counts guest orders per client address: the ${rateLimits.guestOrdersPerAddress.max + 1}th in an hour is refused`, async () => {
    const product = await soap(100);
    const ip = "203.0.113.77";
    for (let index = 0; index < rateLimits.guestOrdersPerAddress.max; index++) {
      // Each to a home of its own: what unpaid orders to one address may hold is not what this counts.
      const email = newEmail();
      const body = { ...transferBody(email, product.id), guest: { email, address: homeNumber(index) } };
      const response = await call("POST", "/api/guest/orders", body, {}, ip);
      expect(response.status).toBe(201);
    }
    const refused = await call("POST", "/api/guest/orders", transferBody(newEmail(), product.id), {}, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ error: rateLimits.guestOrdersPerAddress.message });
    expect(await stockOf(product.id)).toBe(100 - rateLimits.guestOrdersPerAddress.max);
  });
});

describe("what a guest's unpaid orders may hold", () => {
  const limit = UNPAID_UNITS_PER_PRODUCT;
  const guestBody = (email: string, address: object, productId: number, quantity: number) => ({
    ...transferBody(email, productId, quantity, 12.9 * quantity + (12.9 * quantity >= 100 ? 0 : 7.8)),
    guest: { email, address },
  });
  const refusedForHolding = async (response: Response) => {
    expect(response.status).toBe(409);
    const body = (await response.json()) as { code: string; error: string };
    expect(body.code).toBe("UNPAID_HOLD_LIMIT");
    // What to do, and nothing about anybody's orders.
    expect(body.error).toContain(`plus de ${limit} « `);
    expect(body.error).toContain(
      "Réglez d'abord une commande en attente de paiement, ou commandez-en moins.",
    );
    return body;
  };

  it(`refuses one unpaid order for more than ${limit} units of a product, in French, taking nothing`, async () => {
    const product = await soap(50);
    await refusedForHolding(
      await call("POST", "/api/guest/orders", guestBody(newEmail(), homeNumber(1), product.id, 50)),
    );
    expect(await stockOf(product.id)).toBe(50);
    await placeGuest(guestBody(newEmail(), homeNumber(2), product.id, limit));
    expect(await stockOf(product.id)).toBe(50 - limit);
  });

  it("counts one e-mail's unpaid orders together, whatever the address; paying one frees its units", async () => {
    const product = await soap(50);
    const email = newEmail();
    const { order } = await placeGuest(guestBody(email, homeNumber(3), product.id, 6));
    await refusedForHolding(
      await call("POST", "/api/guest/orders", guestBody(email.toUpperCase(), homeNumber(4), product.id, 5)),
    );
    await placeGuest(guestBody(email, homeNumber(4), product.id, 4));
    expect(
      (await admin.call("PUT", `/api/admin/orders/${order.id}`, { payment_status: "completed" })).status,
    ).toBe(200);
    await placeGuest(guestBody(email, homeNumber(5), product.id, 6));
    expect(await stockOf(product.id)).toBe(50 - 16);
  });

  it("counts the unpaid orders sent to one address together, whatever the e-mail; cancelling one frees its units", async () => {
    const product = await soap(50);
    const { order } = await placeGuest(guestBody(newEmail(), homeNumber(6), product.id, 8));
    await refusedForHolding(
      await call(
        "POST",
        "/api/guest/orders",
        guestBody(newEmail(), { ...homeNumber(6), address_line1: "106, Rue du  Four" }, product.id, 3),
      ),
    );
    expect((await admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "cancelled" })).status).toBe(
      200,
    );
    await placeGuest(guestBody(newEmail(), homeNumber(6), product.id, limit));
    expect(await stockOf(product.id)).toBe(50 - limit);
  });

  it(`30 parallel unpaid orders of one e-mail, to 30 addresses, hold ${limit} units at most`, async () => {
    const product = await soap(100);
    const email = newEmail();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        call("POST", "/api/guest/orders", guestBody(email, homeNumber(200 + index), product.id, 1)),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30 - limit);
    expect(await stockOf(product.id)).toBe(100 - limit);
  });

  it(`30 parallel unpaid orders to one address, under 30 e-mails, hold ${limit} units at most`, async () => {
    const product = await soap(100);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        call("POST", "/api/guest/orders", guestBody(newEmail(), homeNumber(300), product.id, 1)),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(limit);
    expect(await stockOf(product.id)).toBe(100 - limit);
  });
});

describe("a guest's PayPal order", () => {
  const paypalBody = (email: string, productId: number) => ({
    items: [{ product_id: productId, quantity: 1 }],
    total_amount: 20.7,
    guest: guestOf(email),
  });

  it("is created, captured and released only with its link, and its invoice downloads with it", async () => {
    const product = await soap();
    const email = newEmail();
    const created = await call(
      "POST",
      "/api/guest/paypal-payment/create-order",
      paypalBody(email, product.id),
    );
    expect(created.status).toBe(201);
    const { id, order_id, access_token } = (await created.json()) as {
      id: string;
      order_id: string;
      access_token: string;
    };
    expect(await stockOf(product.id)).toBe(9);
    paypal.approve(id);

    const withoutToken = await call("POST", "/api/guest/paypal-payment/capture-order", { orderID: id });
    expect(withoutToken.status).toBe(404);
    const other = await placeGuest(transferBody(newEmail(), product.id));
    const withOther = await call(
      "POST",
      "/api/guest/paypal-payment/capture-order",
      { orderID: id },
      { "x-order-token": other.access_token },
    );
    expect(withOther.status).toBe(404);
    const released = await call("POST", `/api/guest/paypal-payment/orders/${id}/release`, undefined, {
      "x-order-token": other.access_token,
    });
    expect(released.status).toBe(404);

    const captured = await call(
      "POST",
      "/api/guest/paypal-payment/capture-order",
      { orderID: id },
      { "x-order-token": access_token },
    );
    expect(captured.status).toBe(200);
    expect(((await captured.json()) as { order: Order }).order).toMatchObject({
      id: order_id,
      status: "confirmed",
      payment_status: "completed",
      is_guest: true,
    });
    await ctx.deps.accountMail.flush();
    expect(mailedToken(order_id)).toBeDefined();

    const invoice = await call("GET", `/api/guest/documents/${order_id}/invoice`, undefined, {
      "x-order-token": access_token,
    });
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get("content-type")).toBe("application/pdf");
    const refused = await call("GET", `/api/guest/documents/${order_id}/invoice`, undefined, {
      "x-order-token": other.access_token,
    });
    expect(refused.status).toBe(404);
  });

  it("answers a retried creation (same key) with the same PayPal order and the same link, which captures", async () => {
    const product = await soap();
    const body = paypalBody(newEmail(), product.id);
    const key = { "idempotency-key": `guest-paypal-${guests}-retry` };
    type Created = { id: string; order_id: string; access_token: string };
    const created = await call("POST", "/api/guest/paypal-payment/create-order", body, key);
    expect(created.status).toBe(201);
    const first = (await created.json()) as Created;
    const retried = await call("POST", "/api/guest/paypal-payment/create-order", body, key);
    expect(retried.status).toBe(201);
    expect(await retried.json()).toEqual(first);
    expect(await stockOf(product.id)).toBe(9);
    paypal.approve(first.id);
    const captured = await call(
      "POST",
      "/api/guest/paypal-payment/capture-order",
      { orderID: first.id },
      { "x-order-token": first.access_token },
    );
    expect(captured.status).toBe(200);
  });

  it("is released when the guest closes PayPal's window, stock back", async () => {
    const product = await soap();
    const created = await call(
      "POST",
      "/api/guest/paypal-payment/create-order",
      paypalBody(newEmail(), product.id),
    );
    const { id, access_token } = (await created.json()) as { id: string; access_token: string };
    expect(await stockOf(product.id)).toBe(9);
    const released = await call("POST", `/api/guest/paypal-payment/orders/${id}/release`, undefined, {
      "x-order-token": access_token,
    });
    expect(released.status).toBe(200);
    expect(await released.json()).toMatchObject({ outcome: "released" });
    expect(await stockOf(product.id)).toBe(10);
  });
});

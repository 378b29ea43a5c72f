/**
 * Issue 32: a guest's GDPR export and erasure through a mailed link, over HTTP against DynamoDB Local. Asking for a
 * link answers the same whatever the e-mail; the link's export is the customer's, of her orders placed without an
 * account; its erasure rewrites them as an erased customer's (the books kept, nothing naming her, not even the
 * customer index's key), once, and never while an order is on its way.
 */
import { unzipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import { orderEntity } from "../../functions/orders/entity";
import { guestLinkEntity } from "../../functions/orders/guest/link-entity";
import { invoiceEntity } from "../../functions/orders/invoice-entity";
import { guestDataTokenEntity } from "../../functions/personal-data/guest/token-entity";
import { promoUsageEntity } from "../../functions/promos/entity";
import { createPromo } from "../../functions/promos/service";
import { waitlistEntity } from "../../functions/waitlist/entity";
import { emailKeyOf } from "../../functions/waitlist/service";
import { guestUserId } from "../../src/domain/accounts/guest-account";
import type { Order } from "../../src/domain/orders/order";
import {
  GUEST_DATA_LINK_INVALID,
  GUEST_DATA_REQUEST_ANSWER,
  guestDataLimits,
} from "../../src/domain/personal-data/guest-data";
import { ERASED_CUSTOMER_NAME } from "../../src/domain/personal-data/personal-data";
import { createTestContext } from "../setup/test-db";
import { FRENCH_ADDRESS } from "../support/addresses";
import { anonymousCaller } from "../support/client-addresses";
import { createCustomer } from "../support/customers";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";
import { itemsHolding } from "../support/table-scan";

let offset = 0;
const ctx = await createTestContext({ now: () => new Date(Date.now() + offset) });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });

beforeEach(() => {
  offset = 0;
});

const anonymous = anonymousCaller(ctx.app, "198.51.100");
/** A client address of its own for each call unless one is given (the per-address limits are tested on purpose). */
const call = (method: string, path: string, body?: unknown, sourceIp?: string) =>
  anonymous(method, path, body, {}, sourceIp);

let guests = 0;
const newEmail = () => `donnees-${++guests}-${Math.random().toString(36).slice(2, 7)}@example.fr`;
const soap = () => createSoap(ctx.deps, { price: 12.9, stock: 50, lowStockThreshold: 0 });

type Placed = { order: Order; access_token: string };
/** A guest's bank-transfer order of one soap (20,70 € with delivery; 18,70 € with a 2 € promo). */
async function placeGuest(email: string, extra: object = {}, total = 20.7): Promise<Placed> {
  const product = await soap();
  const response = await call("POST", "/api/guest/orders", {
    items: [{ product_id: product.id, quantity: 1 }],
    total_amount: total,
    payment_method: "bank_transfer",
    transfer_sender_name: "Lina Moreau",
    order_notes: "Laisser chez la voisine",
    guest: { email, address: FRENCH_ADDRESS },
    ...extra,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Placed;
}

/** The owner marks the order paid and delivered (its invoice is issued), or cancels it. */
async function adminEdit(id: string, body: object): Promise<Order> {
  const response = await admin.call("PUT", `/api/admin/orders/${id}`, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Order;
}
const deliver = (id: string) => adminEdit(id, { payment_status: "completed", status: "delivered" });

/** Asks for a link; the mail goes after the answer (the account mail queue), awaited here before reading it. */
async function requestLink(email: string, sourceIp?: string) {
  const response = await call("POST", "/api/guest/personal-data/request", { email }, sourceIp);
  await ctx.deps.accountMail.flush();
  return response;
}
const exportData = (token: string) => call("POST", "/api/guest/personal-data/export", { token });
const erase = (token: string) => call("POST", "/api/guest/personal-data/erase", { token });
const readGuest = (id: string, token: string) =>
  ctx.app.request(`/api/guest/orders/${id}`, { headers: { "x-order-token": token } });

/** The tokens of the data links mailed to `email`, oldest first. */
function mailedTokens(email: string): string[] {
  return readMails(ctx.mailDir)
    .filter((mail) => mail.to === email)
    .flatMap((mail) => {
      const token = /\/mes-donnees#jeton=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
      return token ? [token] : [];
    });
}

/** Asks for a link and answers the token mailed. */
async function linkFor(email: string): Promise<string> {
  const response = await requestLink(email);
  expect(response.status).toBe(202);
  const token = mailedTokens(email).at(-1);
  expect(token).toBeDefined();
  return token ?? "";
}

async function unzip(response: Response) {
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const text = (name: string) => new TextDecoder().decode(files[name]);
  return { files, text, data: JSON.parse(text("donnees.json")) as Record<string, unknown> };
}

/** A waitlist request of `email` for a new product, as the waitlist stores one: the product. */
async function waitsFor(email: string) {
  const product = await soap();
  await waitlistEntity(ctx.db)
    .put({
      product_id: product.id,
      email_key: emailKeyOf(email),
      email,
      requested_at: new Date().toISOString(),
      confirm_hash: "x",
      unsubscribe_secret: "y",
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      expires_at_ttl: Math.ceil(Date.now() / 1000) + 86_400,
    })
    .go();
  return product;
}

describe("« Recevoir un lien »", () => {
  it("answers the same whatever the e-mail, and mails a link only where guest orders exist", async () => {
    const known = newEmail();
    await placeGuest(known);
    const unknown = newEmail();
    const customer = await createCustomer(ctx.deps, ctx.app);

    const answers = [];
    for (const email of [unknown, customer.email, ` ${known.toUpperCase()} `]) {
      const response = await requestLink(email);
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers).toEqual(Array(3).fill({ status: 202, body: { message: GUEST_DATA_REQUEST_ANSWER } }));
    expect(GUEST_DATA_REQUEST_ANSWER).toBe(
      "Si des commandes passées sans compte existent pour cette adresse, nous venons de vous envoyer un lien. Il est valable 24 heures.",
    );

    expect(mailedTokens(unknown)).toEqual([]);
    // A customer's orders are her account's: she uses her profile.
    expect(mailedTokens(customer.email)).toEqual([]);
    const [token] = mailedTokens(known);
    expect(token).toBeDefined();
    const mail = readMails(ctx.mailDir).find((one) => one.to === known && one.text.includes("/mes-donnees"));
    expect(mail?.text).toContain(`http://shop.test/mes-donnees#jeton=${token}`);
    expect(mail?.text).toContain("24 heures");
    // Only the token's hash is kept.
    const scan = await guestDataTokenEntity(ctx.db).scan.go({ pages: "all" });
    expect(scan.data.some((item) => item.email === known)).toBe(true);
    expect(JSON.stringify(scan.data)).not.toContain(token);
  });

  it("refuses an invalid e-mail in French", async () => {
    const response = await requestLink("pas-un-email");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { email: "Adresse e-mail invalide." } });
  });

  it(`mails at most ${guestDataLimits.mailsPerEmail.max} links an hour per e-mail, and counts requests per client address`, async () => {
    const email = newEmail();
    await placeGuest(email);
    for (let index = 0; index <= guestDataLimits.mailsPerEmail.max; index++) {
      expect((await requestLink(email)).status).toBe(202);
    }
    expect(mailedTokens(email)).toHaveLength(guestDataLimits.mailsPerEmail.max);

    const ip = "203.0.113.88";
    for (let index = 0; index < guestDataLimits.requestsPerAddress.max; index++) {
      expect((await requestLink(newEmail(), ip)).status).toBe(202);
    }
    const refused = await requestLink(newEmail(), ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ error: guestDataLimits.requestsPerAddress.message });
  });
});

describe("« Télécharger mes données » with the link", () => {
  it("is a zip of her guest orders and their invoices, and nothing of another e-mail", async () => {
    const email = newEmail();
    const paid = await placeGuest(email);
    const delivered = await deliver(paid.order.id);
    const pending = await placeGuest(email);
    const other = newEmail();
    const theirs = await placeGuest(other);
    const theirsDelivered = await deliver(theirs.order.id);
    const awaited = await waitsFor(email);
    const token = await linkFor(email);

    const response = await exportData(token);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="mes-donnees-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { files, text, data } = await unzip(response);
    const invoice = delivered.invoice_number ?? "missing";
    expect(Object.keys(files).sort()).toEqual(
      ["LISEZMOI.txt", "donnees.json", `factures/${invoice}.pdf`].sort(),
    );
    expect(text(`factures/${invoice}.pdf`).slice(0, 5)).toBe("%PDF-");
    expect(data).toMatchObject({ email, documents: [`factures/${invoice}.pdf`], withdrawals: [] });
    expect(data.account).toBeUndefined();
    const orders = data.orders as Order[];
    expect(orders.map((order) => order.id).sort()).toEqual([paid.order.id, pending.order.id].sort());
    expect(orders.find((order) => order.id === pending.order.id)).toMatchObject({
      is_guest: true,
      status: "pending",
      order_notes: "Laisser chez la voisine",
      user: { email },
    });
    expect(data.waitlist).toEqual([expect.objectContaining({ product_id: awaited.id, email })]);
    expect(text("LISEZMOI.txt")).toContain("Vous avez commandé sans compte");
    expect(text("LISEZMOI.txt")).toContain("RGPD, articles 15 et 20");
    expect(text("donnees.json")).not.toContain(other);
    expect(text("donnees.json")).not.toContain(theirs.order.id);
    expect(Object.keys(files)).not.toContain(`factures/${theirsDelivered.invoice_number}.pdf`);

    // The link works again within its day (it erases once, but downloads as the limit allows).
    expect((await exportData(token)).status).toBe(200);
  });

  it(`is limited to ${guestDataLimits.exportsPerEmail.max} an hour per e-mail, whatever the link`, async () => {
    const email = newEmail();
    await placeGuest(email);
    const first = await linkFor(email);
    const second = await linkFor(email);
    const statuses = [];
    for (let index = 0; index <= guestDataLimits.exportsPerEmail.max; index++) {
      statuses.push((await exportData(index % 2 ? first : second)).status);
    }
    expect(statuses).toEqual([...Array(guestDataLimits.exportsPerEmail.max).fill(200), 429]);
  });

  it("refuses a made-up link and one past its 24 hours, in French", async () => {
    const email = newEmail();
    await placeGuest(email);
    const token = await linkFor(email);
    for (const made of ["x".repeat(43), "court", `${token}x`]) {
      const response = await exportData(made);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: GUEST_DATA_LINK_INVALID });
    }
    offset = 23 * 3_600_000;
    expect((await exportData(token)).status).toBe(200);
    offset = 24 * 3_600_000 + 60_000;
    for (const response of [await exportData(token), await erase(token)]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: GUEST_DATA_LINK_INVALID });
    }
    offset = 0;
    expect(
      (
        await orderEntity(ctx.db)
          .query.byUser({ user_id: guestUserId(email) })
          .go()
      ).data,
    ).toHaveLength(1);
  });
});

describe("« Effacer mes données » with the link", () => {
  it("waits while an order is on its way, then erases the person and keeps the books", async () => {
    const email = newEmail();
    const promo = await createPromo(ctx.deps, {
      code: `EFFACE${guests}`,
      discount_type: "fixed_amount",
      discount_value: 200,
      max_uses_per_user: 1,
    });
    const first = await placeGuest(email, { promo_code_id: promo.id }, 18.7);
    const second = await placeGuest(email);
    const other = newEmail();
    const theirs = await placeGuest(other);
    const awaited = await waitsFor(email);
    const token = await linkFor(email);

    const refused = await erase(token);
    expect(refused.status).toBe(409);
    const message = ((await refused.json()) as { error: string }).error;
    expect(message).toContain(`n° ${first.order.order_number}`);
    expect(message).toContain(`n° ${second.order.order_number}`);
    // She has no account: the refusal speaks of her data.
    expect(message).toMatch(
      /^Vos données ne peuvent pas encore être effacées tant qu'une commande est en cours/,
    );
    expect((await readGuest(first.order.id, first.access_token)).status).toBe(200);

    const delivered = await deliver(first.order.id);
    await adminEdit(second.order.id, { status: "cancelled" });
    const invoiceBefore = (
      await invoiceEntity(ctx.db)
        .get({ number: delivered.invoice_number ?? "" })
        .go()
    ).data;

    const response = await erase(token);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ erased: 2 });

    for (const { order } of [first, second]) {
      const record = (await orderEntity(ctx.db).get({ id: order.id }).go()).data;
      expect(record).toMatchObject({
        user_id: `guest:erased:${order.id}`,
        customer_name: ERASED_CUSTOMER_NAME,
        customer_email: "",
        shipping_address: {
          first_name: "",
          last_name: "",
          phone: "",
          address_line1: "",
          city: "",
          postal_code: "",
        },
      });
      expect(record?.order_notes).toBeUndefined();
      expect(record?.transfer_sender_name).toBeUndefined();
      expect(JSON.stringify(record)).not.toContain(email);
      // Her links no longer open it.
      expect(
        (await readGuest(order.id, order.id === first.order.id ? first.access_token : second.access_token))
          .status,
      ).toBe(404);
      expect((await guestLinkEntity(ctx.db).query.byOrder({ order_id: order.id }).go()).data).toEqual([]);
    }
    // The books: amounts and the invoice as issued, still downloadable by the owner.
    expect((await orderEntity(ctx.db).get({ id: first.order.id }).go()).data).toMatchObject({
      total_cents: 1870,
      discount_cents: 200,
      invoice_number: delivered.invoice_number,
      payment_status: "completed",
      status: "delivered",
    });
    // As issued; only its owner's id, her e-mail, follows the order's.
    expect(
      (
        await invoiceEntity(ctx.db)
          .get({ number: delivered.invoice_number ?? "" })
          .go()
      ).data,
    ).toEqual({
      ...invoiceBefore,
      user_id: `guest:erased:${first.order.id}`,
    });
    const pdf = await admin.call("GET", `/api/admin/documents/${first.order.id}/invoice`);
    expect(pdf.status).toBe(200);
    // The customer index no longer gathers them under her e-mail; the promo's usage history names nobody.
    expect(
      (
        await orderEntity(ctx.db)
          .query.byUser({ user_id: guestUserId(email) })
          .go()
      ).data,
    ).toEqual([]);
    const neutral = await orderEntity(ctx.db)
      .query.byUser({ user_id: `guest:erased:${first.order.id}` })
      .go();
    expect(neutral.data.map((order) => order.id)).toEqual([first.order.id]);
    const usages = (await promoUsageEntity(ctx.db).query.byPromo({ promo_id: promo.id }).go()).data;
    expect(usages.map((usage) => usage.user_id)).toEqual([`guest:erased:${first.order.id}`]);
    // The owner's list shows an erased guest.
    const { orders } = (await (await admin.call("GET", "/api/admin/orders?limit=100")).json()) as {
      orders: { id: string; is_guest: boolean; user?: { email: string; full_name: string } }[];
    };
    expect(orders.find((order) => order.id === first.order.id)).toMatchObject({
      is_guest: true,
      user: { full_name: ERASED_CUSTOMER_NAME, email: "" },
    });
    expect(JSON.stringify(orders)).not.toContain(email);
    // Her waitlist request went with her; another guest's order is untouched.
    expect(
      (
        await waitlistEntity(ctx.db)
          .get({ product_id: awaited.id, email_key: emailKeyOf(email) })
          .go()
      ).data,
    ).toBeNull();
    expect((await orderEntity(ctx.db).get({ id: theirs.order.id }).go()).data).toMatchObject({
      customer_email: other,
      user_id: guestUserId(other),
    });
    expect((await readGuest(theirs.order.id, theirs.access_token)).status).toBe(200);

    // The link erases once; it no longer downloads either.
    for (const again of [await erase(token), await exportData(token)]) {
      expect(again.status).toBe(404);
      expect(await again.json()).toMatchObject({ error: GUEST_DATA_LINK_INVALID });
    }
    // A new link finds nothing: the e-mail names no order any more.
    expect((await requestLink(email)).status).toBe(202);
    expect(mailedTokens(email)).toHaveLength(1);
  });

  it("leaves no way back in: replaying the order's request afterwards mints no link that opens the erased order", async () => {
    const email = newEmail();
    const product = await soap();
    const body = {
      items: [{ product_id: product.id, quantity: 1 }],
      total_amount: 20.7,
      payment_method: "bank_transfer",
      transfer_sender_name: "Lina Moreau",
      guest: { email, address: FRENCH_ADDRESS },
    };
    const key = { "idempotency-key": `erased-replay-${guests}-abcdef` };
    const placed = await anonymous("POST", "/api/guest/orders", body, key);
    expect(placed.status).toBe(201);
    const { order } = (await placed.json()) as Placed;
    await deliver(order.id);
    expect((await erase(await linkFor(email))).status).toBe(200);

    // The erasure deleted the order's Idempotency-Key with the rest: the replay is a new request, a new order.
    const replayed = await anonymous("POST", "/api/guest/orders", body, key);
    expect(replayed.status).toBe(201);
    const { access_token, order: again } = (await replayed.json()) as Placed;
    expect(again.id).not.toBe(order.id);
    expect((await readGuest(order.id, access_token)).status).toBe(404);
    const invoice = await ctx.app.request(`/api/guest/documents/${order.id}/invoice`, {
      headers: { "x-order-token": access_token },
    });
    expect(invoice.status).toBe(404);
  });

  it("happens once when asked twice at the same time", async () => {
    const email = newEmail();
    const placed = await placeGuest(email);
    await deliver(placed.order.id);
    const token = await linkFor(email);
    const responses = await Promise.all([erase(token), erase(token)]);
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 404]);
    const ok = responses.find((response) => response.status === 200);
    expect(await ok?.json()).toEqual({ erased: 1 });
    const record = (await orderEntity(ctx.db).get({ id: placed.order.id }).go()).data;
    expect(record).toMatchObject({ user_id: `guest:erased:${placed.order.id}`, customer_email: "" });
  });

  it("leaves nothing holding the e-mail: the counters, links, Idempotency-Key and promo use made under it go too", async () => {
    const email = newEmail();
    const promo = await createPromo(ctx.deps, {
      code: `OUBLI${guests}`,
      discount_type: "fixed_amount",
      discount_value: 200,
      max_uses_per_user: 1,
    });
    const product = await soap();
    const placed = await anonymous(
      "POST",
      "/api/guest/orders",
      {
        items: [{ product_id: product.id, quantity: 1 }],
        total_amount: 18.7,
        payment_method: "bank_transfer",
        transfer_sender_name: "Lina Moreau",
        promo_code_id: promo.id,
        guest: { email, address: FRENCH_ADDRESS },
      },
      { "idempotency-key": `oubli-invitee-${guests}` },
    );
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order } = (await placed.json()) as Placed;
    await deliver(order.id);
    // Someone typed her e-mail to sign in; she asked for the waitlist, and twice for a link, and downloaded once.
    expect((await call("POST", "/api/auth/signin", { email, password: "mauvais" })).status).toBe(401);
    const soldOut = await createSoap(ctx.deps, { price: 10, stock: 0 });
    expect(
      (await call("POST", "/api/waitlist", { product_id: soldOut.id, email, consent: true })).status,
    ).toBe(202);
    await linkFor(email);
    const token = await linkFor(email);
    expect((await exportData(token)).status).toBe(200);
    expect((await itemsHolding(ctx.db.dynamo, ctx.tableName, email)).length).toBeGreaterThan(5);

    const response = await erase(token);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ erased: 1 });
    expect(await itemsHolding(ctx.db.dynamo, ctx.tableName, email)).toEqual([]);
    expect((await erase(token)).status).toBe(404);
  });

  it("leaves an account that uses the same e-mail as it was: only what served her orders without it goes", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const placed = await placeGuest(customer.email);
    await deliver(placed.order.id);
    const token = await linkFor(customer.email);
    expect((await exportData(token)).status).toBe(200);

    const response = await erase(token);
    expect(response.status, await response.clone().text()).toBe(200);
    const left = await itemsHolding(ctx.db.dynamo, ctx.tableName, customer.email);
    expect(left.map((item) => item.__edb_e__?.S).sort()).toEqual(["user", "user_email"]);
    const signin = await call("POST", "/api/auth/signin", { email: customer.email, password: "secret12" });
    expect(signin.status).toBe(200);
  });
});

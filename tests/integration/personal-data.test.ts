/**
 * Issue 15, GDPR self-service: a customer downloads their data (art. 15, 20) and deletes their account (art. 17);
 * the accounting records (orders' amounts, invoices and credit notes as issued, revenue) stay intact, and the admin
 * can no longer read the erased customer's personal data.
 */
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { addressEntity } from "../../functions/accounts/address-entity";
import { userEntity } from "../../functions/accounts/user-entity";
import { orderEntity } from "../../functions/orders/entity";
import { invoiceEntity } from "../../functions/orders/invoice-entity";
import { createPromo } from "../../functions/promos/service";
import { withdrawalEntity } from "../../functions/withdrawals/entity";
import type { Order } from "../../src/domain/orders/order";
import { ERASED_CUSTOMER_NAME } from "../../src/domain/personal-data/personal-data";
import { rateLimits } from "../../src/domain/rate-limit";
import { createTestContext } from "../setup/test-db";
import { FRENCH_ADDRESS } from "../support/addresses";
import { anonymousCaller } from "../support/client-addresses";
import { createCustomer, placeTransferOrder, type TestCustomer } from "../support/customers";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";
import { itemsHolding } from "../support/table-scan";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const edit = (id: string, body: object) => admin.call("PUT", `/api/admin/orders/${id}`, body);

/** A paid and delivered transfer order of 3 soaps at 10 € (37,80 € with delivery): it has an invoice. */
async function deliveredOrder(customer: TestCustomer): Promise<Order> {
  const product = await createSoap(ctx.deps, { price: 10, stock: 10 });
  const placed = await placeTransferOrder(customer, product.id, 3, 37.8);
  const response = await edit(placed.id, { payment_status: "completed", status: "delivered" });
  expect(response.status).toBe(200);
  return (await response.json()) as Order;
}

/** One line returned and refunded: a credit note too. */
async function refundOne(order: Order): Promise<Order> {
  const response = await admin.call("POST", `/api/admin/orders/${order.id}/returns`, {
    order_version: order.version,
    lines: [{ index: 0, quantity: 1, restock: true }],
    refund_shipping: false,
    amount: 10,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const returned = (await response.json()) as Order & { refunds: { id: string }[] };
  // The owner sends the transfer: nothing is due any more.
  const refundId = returned.refunds[0]?.id;
  const done = await admin.call("POST", `/api/admin/orders/${order.id}/refunds/${refundId}/done`, {});
  expect(done.status, await done.clone().text()).toBe(200);
  return (await done.json()) as Order;
}

const deleteAccount = (customer: TestCustomer, password: string) =>
  customer.call("POST", "/api/user/account/delete", { password });

describe("« Télécharger mes données »", () => {
  it("is a zip of the account, addresses, orders and every invoice and credit note as issued", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const order = await refundOne(await deliveredOrder(customer));
    const other = await createCustomer(ctx.deps, ctx.app);
    await deliveredOrder(other);

    const response = await customer.call("GET", "/api/user/data-export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="mes-donnees-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const invoice = order.invoice_number ?? "";
    const creditNote = order.refunds[0]?.credit_note_number ?? "";
    expect(Object.keys(files).sort()).toEqual(
      ["LISEZMOI.txt", "donnees.json", `factures/${creditNote}.pdf`, `factures/${invoice}.pdf`].sort(),
    );
    for (const number of [invoice, creditNote]) {
      expect(new TextDecoder().decode(files[`factures/${number}.pdf`]?.slice(0, 5))).toBe("%PDF-");
    }
    const data = JSON.parse(new TextDecoder().decode(files["donnees.json"])) as {
      account: { email: string };
      addresses: { id: string }[];
      orders: Order[];
      documents: string[];
    };
    expect(data.account.email).toBe(customer.email);
    expect(data.addresses.map((address) => address.id)).toEqual([customer.addressId]);
    expect(data.orders.map((entry) => entry.id)).toEqual([order.id]);
    expect(data.orders[0]).toMatchObject({ total_amount: 37.8, refunded_amount: 10 });
    expect(new TextDecoder().decode(files["LISEZMOI.txt"])).toContain("RGPD, articles 15 et 20");
  });

  it("is for the signed-in customer only, and limited per account", async () => {
    expect((await ctx.app.request("/api/user/data-export")).status).toBe(401);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const statuses = [];
    for (let i = 0; i <= rateLimits.dataExportsPerUser.max; i++) {
      statuses.push((await customer.call("GET", "/api/user/data-export")).status);
    }
    expect(statuses).toEqual([...Array(rateLimits.dataExportsPerUser.max).fill(200), 429]);
  });
});

/** The customer withdraws one unit of the order's first line (Code de la consommation L221-21). */
async function withdrawOne(customer: TestCustomer, order: Order) {
  const view = (await (await customer.call("GET", `/api/withdrawals/orders/${order.id}`)).json()) as {
    order_version: number;
  };
  const response = await customer.call("POST", `/api/withdrawals/orders/${order.id}`, {
    lines: [{ index: 0, quantity: 1 }],
    order_version: view.order_version,
    form_key: `rgpd-${Math.random().toString(36).slice(2)}-key`,
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

describe("withdrawal requests and personal data", () => {
  it("are in the export, and an erasure waits until the withdrawn goods are refunded", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const order = await deliveredOrder(customer);
    await withdrawOne(customer, order);

    const files = unzipSync(
      new Uint8Array(await (await customer.call("GET", "/api/user/data-export")).arrayBuffer()),
    );
    const data = JSON.parse(new TextDecoder().decode(files["donnees.json"])) as {
      withdrawals: { order_id: string; scope: string; lines: { quantity: number }[] }[];
    };
    expect(data.withdrawals).toEqual([
      expect.objectContaining({
        order_id: order.id,
        scope: "lines",
        lines: [expect.objectContaining({ quantity: 1 })],
      }),
    ]);

    const refused = await deleteAccount(customer, "secret12");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain("rétractation attend son retour");

    // The goods come back and the refund is sent: the account can go; the request stays as recorded.
    const current = (await (await admin.call("GET", `/api/admin/orders?limit=100`)).json()) as {
      orders: Order[];
    };
    await refundOne(current.orders.find((entry) => entry.id === order.id) ?? order);
    expect((await deleteAccount(customer, "secret12")).status).toBe(200);
    const kept = (await withdrawalEntity(ctx.db).query.byOrder({ order_id: order.id }).go()).data;
    expect(kept).toHaveLength(1);
    const listed = JSON.stringify(await (await admin.call("GET", "/api/admin/withdrawals")).json());
    expect(listed).toContain(order.id);
    expect(listed).not.toContain(customer.email);
  });
});

describe("« Supprimer mon compte »", () => {
  it("needs the password, and refuses while an order is on its way, naming it", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const wrong = await deleteAccount(customer, "pas-le-bon");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "WRONG_PASSWORD" });
    const empty = await deleteAccount(customer, "");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      fields: { password: "Saisissez votre mot de passe pour confirmer." },
    });

    const product = await createSoap(ctx.deps, { price: 10, stock: 10 });
    const open = await placeTransferOrder(customer, product.id, 1, 17.8);
    const refused = await deleteAccount(customer, "secret12");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain(`n° ${open.order_number}`);
    expect((await customer.call("GET", "/api/user/profile")).status).toBe(200);
  });

  it("is refused to an admin account (the shop would lose its owner)", async () => {
    const owner = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
    const response = await deleteAccount(owner, "secret12");
    expect(response.status).toBe(403);
    expect((await owner.call("GET", "/api/user/profile")).status).toBe(200);
  });

  it("erases the person and keeps the accounts: orders' amounts, invoices and credit notes as issued, revenue", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const order = await refundOne(await deliveredOrder(customer));
    const stats = async () =>
      (await (await admin.call("GET", "/api/admin/stats")).json()) as Record<string, number>;
    const statsBefore = await stats();
    const invoiceBefore = (
      await invoiceEntity(ctx.db)
        .get({ number: order.invoice_number ?? "" })
        .go()
    ).data;

    const response = await deleteAccount(customer, "secret12");
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    // One account less; the revenue and the orders' figures are the books': unchanged.
    expect(await stats()).toEqual({ ...statsBefore, totalUsers: (statsBefore.totalUsers ?? 0) - 1 });

    // The session is gone, the e-mail can open a new account.
    expect((await customer.call("GET", "/api/user/profile")).status).toBe(401);
    const signin = await ctx.app.request("/api/auth/signin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: customer.email, password: "secret12" }),
    });
    expect(signin.status).toBe(401);
    const signup = await ctx.app.request("/api/auth/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: customer.email, password: "secret12", fullName: "Nouvelle Cliente" }),
    });
    expect(signup.status, await signup.clone().text()).toBe(201);
    expect(await addressEntity(ctx.db).query.byUser({ user_id: customer.id }).go()).toMatchObject({
      data: [],
    });

    // The order keeps what the books need and nothing that names the person.
    const record = (await orderEntity(ctx.db).get({ id: order.id }).go()).data;
    expect(record).toMatchObject({
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
      total_cents: 3780,
      refunded_cents: 1000,
      invoice_number: order.invoice_number,
      payment_status: "partially_refunded",
    });
    expect(record?.transfer_sender_name).toBeUndefined();
    expect(JSON.stringify(record)).not.toContain(customer.email);

    // The admin sees an erased customer; the documents are kept as issued.
    const { orders } = (await (await admin.call("GET", "/api/admin/orders?limit=100")).json()) as {
      orders: { id: string; user?: { email: string; full_name: string } }[];
    };
    const listed = orders.find((item) => item.id === order.id);
    expect(listed?.user).toEqual({ full_name: ERASED_CUSTOMER_NAME, email: "" });
    const users = JSON.stringify(await (await admin.call("GET", "/api/admin/users?limit=100")).json());
    expect(users).not.toContain(customer.id);
    const invoiceAfter = (
      await invoiceEntity(ctx.db)
        .get({ number: order.invoice_number ?? "" })
        .go()
    ).data;
    expect(invoiceAfter).toEqual(invoiceBefore);
    const pdf = await admin.call("GET", `/api/admin/documents/${order.id}/invoice`);
    expect(pdf.status).toBe(200);
  });

  // Issue 28 item 19: documents issued before held the customer's e-mail, which no law asks them to keep.
  it("leaves no e-mail in a document issued before that held one: unread on download, removed at erasure", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const order = await refundOne(await deliveredOrder(customer));
    const numbers = [order.invoice_number, ...order.refunds.map((refund) => refund.credit_note_number)];
    expect(numbers).toHaveLength(2);
    const stored = async (number: string | null) =>
      (
        await invoiceEntity(ctx.db)
          .get({ number: number ?? "" })
          .go()
      ).data;
    // As the shop stored them before: the snapshot's customer with the e-mail.
    const issued = new Map<string, unknown>();
    for (const number of numbers) {
      const item = await stored(number);
      const snapshot = JSON.parse(item?.snapshot ?? "{}");
      issued.set(number ?? "", structuredClone(snapshot));
      snapshot.customer.email = customer.email;
      await invoiceEntity(ctx.db)
        .patch({ number: number ?? "" })
        .set({ snapshot: JSON.stringify(snapshot) })
        .go();
      expect((await stored(number))?.snapshot).toContain(customer.email);
    }
    const pdf = await customer.call("GET", `/api/user/orders/${order.id}/invoice`);
    expect(pdf.status).toBe(200);
    const { extractText, getDocumentProxy } = await import("unpdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
      mergePages: true,
    });
    expect(text).toContain("Lina Moreau");
    expect(text).not.toContain(customer.email);

    const response = await deleteAccount(customer, "secret12");
    expect(response.status, await response.clone().text()).toBe(200);
    for (const number of numbers) {
      const after = await stored(number);
      expect(after?.snapshot).not.toContain(customer.email);
      // Nothing else of the document changed: the name and address are mentions the law requires.
      expect(JSON.parse(after?.snapshot ?? "{}")).toEqual(issued.get(number ?? ""));
    }
  });

  it("happens once when asked twice at the same time", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    await deliveredOrder(customer);
    const users = async () =>
      ((await (await admin.call("GET", "/api/admin/stats")).json()) as { totalUsers: number }).totalUsers;
    const before = await users();
    const statuses = (
      await Promise.all([deleteAccount(customer, "secret12"), deleteAccount(customer, "secret12")])
    )
      .map((response) => response.status)
      .sort();
    // The second finds the account gone (its session, or the account's delete condition): nothing twice.
    expect(statuses).toEqual([200, 401]);
    expect((await userEntity(ctx.db).get({ id: customer.id }).go()).data).toBeNull();
    expect(await users()).toBe(before - 1);
  });

  it("leaves nothing holding the e-mail: the counters, links and promo uses made under it go too", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const anonymous = anonymousCaller(ctx.app, "198.51.101");
    const soap = await createSoap(ctx.deps, { price: 12.9, stock: 10 });
    const promo = await createPromo(ctx.deps, {
      code: `OUBLI${Math.random().toString(36).slice(2, 7).toUpperCase()}`,
      discount_type: "fixed_amount",
      discount_value: 200,
      max_uses_per_user: 1,
    });
    // An order placed without an account with her e-mail and a promo (its day's use counted under the e-mail),
    // attached to her account with the link mailed for it, then delivered.
    const placed = await anonymous(
      "POST",
      "/api/guest/orders",
      {
        items: [{ product_id: soap.id, quantity: 1 }],
        total_amount: 18.7,
        payment_method: "bank_transfer",
        transfer_sender_name: "Lina Moreau",
        promo_code_id: promo.id,
        guest: { email: customer.email, address: FRENCH_ADDRESS },
      },
      { "idempotency-key": `oubli-${customer.id}` },
    );
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order } = (await placed.json()) as { order: Order };
    expect((await customer.call("POST", "/api/user/guest-orders/attach-link")).status).toBe(202);
    await ctx.deps.accountMail.flush();
    const attachToken = readMails(ctx.mailDir)
      .map((mail) => /\/retrouver-mes-commandes#jeton=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1])
      .findLast(Boolean);
    const attached = await customer.call("POST", "/api/user/guest-orders/attach", { token: attachToken });
    expect(attached.status, await attached.clone().text()).toBe(200);
    expect((await edit(order.id, { payment_status: "completed", status: "delivered" })).status).toBe(200);
    // A mistyped password, a reset asked for, a waitlist request: each counted under her e-mail.
    const signin = await anonymous("POST", "/api/auth/signin", {
      email: customer.email,
      password: "mauvais",
    });
    expect(signin.status).toBe(401);
    expect((await anonymous("POST", "/api/auth/password/forgot", { email: customer.email })).status).toBe(
      200,
    );
    const soldOut = await createSoap(ctx.deps, { price: 10, stock: 0 });
    const waitlist = { product_id: soldOut.id, email: customer.email, consent: true };
    expect((await anonymous("POST", "/api/waitlist", waitlist)).status).toBe(202);
    await ctx.deps.accountMail.flush();
    expect((await itemsHolding(ctx.db.dynamo, ctx.tableName, customer.email)).length).toBeGreaterThan(5);

    const response = await deleteAccount(customer, "secret12");
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await itemsHolding(ctx.db.dynamo, ctx.tableName, customer.email)).toEqual([]);
  });
});

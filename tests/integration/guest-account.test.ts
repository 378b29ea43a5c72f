/**
 * Issue 32: « Créer mon compte » after an order placed without an account, over HTTP against DynamoDB Local. The
 * account needs only a password (the order's link says who placed it); the guest orders of the e-mail move to an
 * account only through a link mailed to that e-mail, once, for that account, and exactly those orders.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { findUserByEmail } from "../../functions/accounts/auth";
import { userEntity } from "../../functions/accounts/user-entity";
import { orderEntity } from "../../functions/orders/entity";
import { guestAttachTokenEntity } from "../../functions/orders/guest/account/attach-token-entity";
import { newId } from "../../functions/platform/adapters/ids";
import {
  GUEST_ATTACH_LINK_INVALID,
  GUEST_ATTACH_OTHER_ACCOUNT,
  guestAccountLimits,
} from "../../src/domain/accounts/guest-account";
import type { Order } from "../../src/domain/orders/order";
import { createTestContext } from "../setup/test-db";
import { FRENCH_ADDRESS } from "../support/addresses";
import { anonymousCaller } from "../support/client-addresses";
import { apiCaller, createCustomer, type TestCustomer } from "../support/customers";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";

let offset = 0;
const ctx = await createTestContext({ now: () => new Date(Date.now() + offset) });

beforeEach(() => {
  offset = 0;
});

/** A client address of its own for each call (the per-address limits are not what is tested here). */
const call = anonymousCaller(ctx.app, "203.0.113");

let guests = 0;
const newEmail = () => `compte-${++guests}-${Math.random().toString(36).slice(2, 7)}@example.fr`;

type Placed = { order: Order; access_token: string };
/**
 * A soap of its own for each order: what one e-mail's unpaid orders may hold of one product is limited
 * (src/domain/orders/unpaid-holds.ts), and is not what is tested here.
 */
async function placeGuest(email: string): Promise<Placed> {
  const soapId = (await createSoap(ctx.deps, { price: 12.9, stock: 10, lowStockThreshold: 0 })).id;
  const response = await call("POST", "/api/guest/orders", {
    items: [{ product_id: soapId, quantity: 1 }],
    total_amount: 20.7,
    payment_method: "bank_transfer",
    transfer_sender_name: "Lina Moreau",
    guest: { email, address: FRENCH_ADDRESS },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Placed;
}
const readGuest = (id: string, token: string) =>
  call("GET", `/api/guest/orders/${id}`, undefined, { "x-order-token": token });

const createAccount = (placed: Placed, password = "motdepasse", token: string | null = placed.access_token) =>
  call(
    "POST",
    "/api/guest/account",
    { order_id: placed.order.id, password },
    token === null ? {} : { "x-order-token": token },
  );

/** The session cookie an answer sets, as a Cookie header. */
function sessionCookie(response: Response): string {
  const token = /(?:^|[\s,])session=([^;,\s]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  expect(token).toBeDefined();
  return `session=${token}`;
}

/** The mails sent to `to`, oldest first (the order's confirmations are sent after the answer). */
async function mailsTo(to: string) {
  await ctx.deps.accountMail.flush();
  return readMails(ctx.mailDir).filter((mail) => mail.to === to);
}

/** The token of the newest attach link mailed to `to` (`/retrouver-mes-commandes#jeton=<token>`). */
async function attachToken(to: string): Promise<string> {
  const tokens = (await mailsTo(to))
    .map((mail) => /\/retrouver-mes-commandes#jeton=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1])
    .filter((token): token is string => Boolean(token));
  expect(tokens.length).toBeGreaterThan(0);
  return tokens.at(-1) as string;
}

/** A guest who created her account from a guest order: her session and her e-mail. */
async function guestWithAccount(email = newEmail()) {
  const placed = await placeGuest(email);
  const created = await createAccount(placed);
  expect(created.status, await created.clone().text()).toBe(201);
  const cookie = sessionCookie(created);
  const { user } = (await created.json()) as { user: { id: string } };
  const as = (method: string, path: string, body?: unknown) => call(method, path, body, { cookie });
  return { email, placed, cookie, id: user.id, as };
}

const attach = (as: (method: string, path: string, body?: unknown) => Promise<Response>, token: string) =>
  as("POST", "/api/user/guest-orders/attach", { token });

const storedUserId = async (orderId: string) =>
  (await orderEntity(ctx.db).get({ id: orderId }).go()).data?.user_id;

describe("« Créer mon compte » after a guest order", () => {
  it("creates the account with the password only, opens a session, and mails the attach link", async () => {
    const email = newEmail();
    const placed = await placeGuest(email);
    const response = await createAccount(placed);
    expect(response.status, await response.clone().text()).toBe(201);
    const { user } = (await response.json()) as { user: Record<string, unknown> };
    expect(user).toMatchObject({ email, full_name: "Lina Moreau", is_admin: false });
    expect(user).not.toHaveProperty("password_hash");
    const cookies = response.headers.get("set-cookie") ?? "";
    expect(cookies).toMatch(/session=[^;]+;.*HttpOnly/);
    expect(cookies).toContain("signed_in=1");

    const me = await call("GET", "/api/auth/me", undefined, { cookie: sessionCookie(response) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { id: user.id, email } });
    // The password works for a sign-in.
    expect((await call("POST", "/api/auth/signin", { email, password: "motdepasse" })).status).toBe(200);

    const [mail] = (await mailsTo(email)).filter((one) => one.text.includes("retrouver-mes-commandes"));
    expect(mail?.subject).toContain("Bienvenue");
    expect(mail?.text).toContain("Votre compte est créé");
    expect(mail?.html).toContain("Retrouver mes commandes");
    // Only the link's hash is kept.
    const token = await attachToken(email);
    const { data: stored } = await guestAttachTokenEntity(ctx.db).scan.go({ pages: "all" });
    expect(stored.some((item) => item.user_id === user.id && item.email === email)).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Nothing is attached yet: the e-mail is not proven by typing it.
    expect(await storedUserId(placed.order.id)).toBe(`guest:${email}`);
    const mine = await call("GET", "/api/user/orders", undefined, { cookie: sessionCookie(response) });
    expect(await mine.json()).toEqual([]);
    expect((await readGuest(placed.order.id, placed.access_token)).status).toBe(200);
  });

  it("answers 404 like a made-up order without the order's own link, and creates nothing", async () => {
    const email = newEmail();
    const placed = await placeGuest(email);
    const other = await placeGuest(newEmail());
    for (const response of [
      await createAccount(placed, "motdepasse", null),
      await createAccount(placed, "motdepasse", "x".repeat(43)),
      await createAccount(placed, "motdepasse", other.access_token),
      await createAccount({ ...placed, order: { ...placed.order, id: "01UNKNOWNORDER0000000000000" } }),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: "ORDER_NOT_FOUND" });
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(await findUserByEmail(ctx.deps, email)).toBeNull();
    expect(await mailsTo(email)).toSatisfy((mails: { text: string }[]) =>
      mails.every((mail) => !mail.text.includes("retrouver-mes-commandes")),
    );
  });

  it("keeps the sign-up's password rules", async () => {
    const placed = await placeGuest(newEmail());
    const response = await createAccount(placed, "12345");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "VALIDATION",
      fields: { password: "Le mot de passe doit contenir au moins 6 caractères." },
    });
  });

  it("answers 409 EMAIL_TAKEN when the e-mail has an account, and mails the holder the attach link", async () => {
    const holder = await createCustomer(ctx.deps, ctx.app);
    const placed = await placeGuest(holder.email);
    const response = await createAccount(placed);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: "Un compte existe déjà avec cette adresse e-mail.",
      code: "EMAIL_TAKEN",
    });
    expect(response.headers.get("set-cookie")).toBeNull();
    const mail = (await mailsTo(holder.email)).find((one) => one.text.includes("retrouver-mes-commandes"));
    expect(mail?.text).toContain(
      "Vous avez déjà un compte : connectez-vous puis suivez ce lien pour y retrouver vos commandes passées sans compte.",
    );

    // Signed in, the holder attaches the order with it.
    const attached = await attach(holder.call, await attachToken(holder.email));
    expect(attached.status).toBe(200);
    expect(await attached.json()).toEqual({ attached: 1 });
    const orders = (await (await holder.call("GET", "/api/user/orders")).json()) as Order[];
    expect(orders.map((order) => order.id)).toEqual([placed.order.id]);
  });
});

describe("attaching the guest orders", () => {
  it("moves exactly the guest orders of the link's e-mail, whose links then lead to signing in", async () => {
    const guest = await guestWithAccount();
    const earlier = [await placeGuest(guest.email), await placeGuest(guest.email.toUpperCase())];
    const stranger = await placeGuest(newEmail());
    const versionBefore = (await orderEntity(ctx.db).get({ id: guest.placed.order.id }).go()).data?.version;

    const response = await attach(guest.as, await attachToken(guest.email));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ attached: 3 });

    const ids = [guest.placed, ...earlier].map((placed) => placed.order.id);
    for (const id of ids) expect(await storedUserId(id)).toBe(guest.id);
    expect((await orderEntity(ctx.db).get({ id: guest.placed.order.id }).go()).data?.version).toBe(
      (versionBefore ?? 0) + 1,
    );
    expect(await storedUserId(stranger.order.id)).toMatch(/^guest:/);
    expect((await readGuest(stranger.order.id, stranger.access_token)).status).toBe(200);

    const listed = (await (await guest.as("GET", "/api/user/orders")).json()) as Order[];
    expect(listed.map((order) => order.id).sort()).toEqual([...ids].sort());
    expect(listed.every((order) => !order.is_guest)).toBe(true);
    expect((await guest.as("GET", `/api/user/orders/${earlier[0]?.order.id}`)).status).toBe(200);

    // Her links still name her orders, and open them no more: they tell her to sign in, and nothing else.
    for (const placed of [guest.placed, ...earlier]) {
      const read = await readGuest(placed.order.id, placed.access_token);
      expect(read.status).toBe(401);
      const answer = (await read.json()) as Record<string, unknown>;
      expect(answer).toEqual({ code: "ORDER_IN_ACCOUNT", error: expect.stringContaining("connectez-vous") });
    }
  });

  it("keeps the confirmation mail's link leading to the order: sign in, then her account opens it", async () => {
    const guest = await guestWithAccount();
    const id = guest.placed.order.id;
    const mailed = (await mailsTo(guest.email))
      .map((mail) => new RegExp(`/orders/track/${id}#acces=([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1])
      .find(Boolean);
    expect(mailed).toBeDefined();
    expect((await attach(guest.as, await attachToken(guest.email))).status).toBe(200);

    const read = await readGuest(id, mailed ?? "");
    expect(read.status).toBe(401);
    expect(await read.json()).toMatchObject({ code: "ORDER_IN_ACCOUNT" });
    const invoice = await call("GET", `/api/guest/documents/${id}/invoice`, undefined, {
      "x-order-token": mailed ?? "",
    });
    expect(invoice.status).toBe(401);
    expect((await guest.as("GET", `/api/user/orders/${id}`)).status).toBe(200);
    // A made-up link still answers like a made-up order.
    expect((await readGuest(id, "y".repeat(43))).status).toBe(404);
  });

  it("lets her links open nothing once her account is erased", async () => {
    const guest = await guestWithAccount();
    const id = guest.placed.order.id;
    expect((await attach(guest.as, await attachToken(guest.email))).status).toBe(200);
    const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
    expect((await admin.call("PUT", `/api/admin/orders/${id}`, { status: "cancelled" })).status).toBe(200);
    const erased = await guest.as("POST", "/api/user/account/delete", { password: "motdepasse" });
    expect(erased.status, await erased.clone().text()).toBe(200);
    const read = await readGuest(id, guest.placed.access_token);
    expect(read.status).toBe(404);
    expect(await read.json()).toMatchObject({ code: "ORDER_NOT_FOUND" });
  });

  it("serves once: the same link again answers the refusal", async () => {
    const guest = await guestWithAccount();
    const token = await attachToken(guest.email);
    expect((await attach(guest.as, token)).status).toBe(200);
    const again = await attach(guest.as, token);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: GUEST_ATTACH_LINK_INVALID, code: "NOT_FOUND" });
  });

  it("refuses a link sent for another account, and leaves it usable by its own", async () => {
    const guest = await guestWithAccount();
    const other = await createCustomer(ctx.deps, ctx.app);
    const token = await attachToken(guest.email);
    const refused = await attach(other.call, token);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: GUEST_ATTACH_OTHER_ACCOUNT, code: "NOT_FOUND" });
    expect(await storedUserId(guest.placed.order.id)).toBe(`guest:${guest.email}`);
    expect(await (await attach(guest.as, token)).json()).toEqual({ attached: 1 });
  });

  it("refuses an expired link (24 hours) and an unknown one", async () => {
    const guest = await guestWithAccount();
    const token = await attachToken(guest.email);
    offset = 24 * 3_600_000 + 1_000;
    const expired = await attach(guest.as, token);
    expect(expired.status).toBe(404);
    expect(await expired.json()).toMatchObject({ error: GUEST_ATTACH_LINK_INVALID });
    for (const unknown of ["A".repeat(43), "court"]) {
      const response = await attach(guest.as, unknown);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: GUEST_ATTACH_LINK_INVALID });
    }
    expect((await attach(guest.as, "")).status).toBe(400);
    expect(await storedUserId(guest.placed.order.id)).toBe(`guest:${guest.email}`);
  });

  it("refuses a link when the account's e-mail is no longer the one it was sent to", async () => {
    const guest = await guestWithAccount();
    const token = await attachToken(guest.email);
    await userEntity(ctx.db).patch({ id: guest.id }).set({ email: newEmail() }).go();
    const refused = await attach(guest.as, token);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: GUEST_ATTACH_LINK_INVALID });
    expect(await storedUserId(guest.placed.order.id)).toBe(`guest:${guest.email}`);
  });

  it("needs a session", async () => {
    const response = await call("POST", "/api/user/guest-orders/attach", { token: "A".repeat(43) });
    expect(response.status).toBe(401);
  });

  it("attaches 20 orders in one call", async () => {
    const guest = await guestWithAccount();
    for (let i = 0; i < 19; i++) await placeGuest(guest.email);
    const response = await attach(guest.as, await attachToken(guest.email));
    expect(await response.json()).toEqual({ attached: 20 });
    const listed = (await (await guest.as("GET", "/api/user/orders")).json()) as Order[];
    expect(listed).toHaveLength(20);
  });

  it("attaches more orders than one transaction holds, over several", async () => {
    const guest = await guestWithAccount();
    // Copies of the guest's order written directly (placing 150 through the API would only be slower).
    const { data: original } = await orderEntity(ctx.db).get({ id: guest.placed.order.id }).go();
    if (!original) throw new Error("the order is missing");
    const copies = Array.from({ length: 150 }, () => ({ ...original, id: newId() }));
    for (let start = 0; start < copies.length; start += 25)
      await orderEntity(ctx.db)
        .put(copies.slice(start, start + 25))
        .go();
    const response = await attach(guest.as, await attachToken(guest.email));
    expect(await response.json()).toEqual({ attached: 151 });
    const { data: left } = await orderEntity(ctx.db)
      .query.byUser({ user_id: `guest:${guest.email}` })
      .go({ pages: "all" });
    expect(left).toEqual([]);
  });

  it("attaches once when the same link is used twice at the same moment", async () => {
    const guest = await guestWithAccount();
    for (let i = 0; i < 4; i++) await placeGuest(guest.email);
    const token = await attachToken(guest.email);
    const answers = await Promise.all([attach(guest.as, token), attach(guest.as, token)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 404]);
    const won = answers.find((answer) => answer.status === 200) as Response;
    expect(await won.json()).toEqual({ attached: 5 });
    const listed = (await (await guest.as("GET", "/api/user/orders")).json()) as Order[];
    expect(listed).toHaveLength(5);
  });
});

describe("asking for an attach link while signed in", () => {
  const askLink = (customer: Pick<TestCustomer, "call">) =>
    customer.call("POST", "/api/user/guest-orders/attach-link");

  it("mails a link when guest orders exist under the e-mail, and answers the same when none do", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const none = await askLink(customer);
    expect(none.status).toBe(202);
    expect(await none.json()).toEqual({ sent: true });
    expect(await mailsTo(customer.email)).toEqual([]);

    const placed = await placeGuest(customer.email);
    const some = await askLink(customer);
    expect(some.status).toBe(202);
    expect(await some.json()).toEqual({ sent: true });
    const attached = await attach(customer.call, await attachToken(customer.email));
    expect(await attached.json()).toEqual({ attached: 1 });
    expect(await storedUserId(placed.order.id)).toBe(customer.id);
  });

  it(`sends at most ${guestAccountLimits.attachMailsPerEmail.max} links an hour to one e-mail, silently`, async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    await placeGuest(customer.email);
    for (let i = 0; i < guestAccountLimits.attachMailsPerEmail.max + 2; i++)
      expect((await askLink(customer)).status).toBe(202);
    const links = (await mailsTo(customer.email)).filter((mail) =>
      mail.text.includes("retrouver-mes-commandes"),
    );
    expect(links).toHaveLength(guestAccountLimits.attachMailsPerEmail.max);
  });

  it("needs a session", async () => {
    expect((await apiCaller(ctx.app, "nobody.x")("POST", "/api/user/guest-orders/attach-link")).status).toBe(
      401,
    );
  });
});

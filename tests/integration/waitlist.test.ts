/**
 * The waitlist of out-of-stock products (issue 19; decision record 026): double opt-in, as many shoppers told as
 * units came back, in the order of their requests, never one twice under parallel restocks, unsubscribe by link.
 */
import { unzipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { waitlistEntity } from "../../functions/waitlist/entity";
import { notifyWaitlist } from "../../functions/waitlist/service";
import type { Product } from "../../src/domain/catalog/product";
import { WAITLIST_ACCEPTED_MESSAGE } from "../../src/domain/catalog/stock-alerts";
import { createTestContext } from "../setup/test-db";
import { createCustomer } from "../support/customers";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";

let now = new Date("2026-11-23T10:00:00Z");
const ctx = await createTestContext({ now: () => now });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });

// Every test starts in a new hour: the per-address limit (all test requests share the address "unknown") is fresh.
beforeEach(() => {
  now = new Date(now.getTime() + 2 * 3_600_000);
});

let counter = 0;
const newEmail = () => `attente-${++counter}-${Math.random().toString(36).slice(2, 7)}@example.fr`;

const post = (path: string, body: unknown) =>
  Promise.resolve(
    ctx.app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

async function mailsTo(email: string) {
  await ctx.deps.accountMail.flush();
  return readMails(ctx.mailDir).filter((mail) => mail.to === email);
}

function tokenIn(text: string, parameter: "confirmer" | "desinscrire"): string {
  const match = new RegExp(`[?&]${parameter}=([^\\s&]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${parameter} link in: ${text}`);
  return decodeURIComponent(match[1]);
}

async function signUp(product: Product, email: string) {
  const response = await post("/api/waitlist", { product_id: product.id, email, consent: true });
  expect(response.status, await response.clone().text()).toBe(202);
  expect(await response.json()).toEqual({ message: WAITLIST_ACCEPTED_MESSAGE });
}

/** Signs up and follows the confirmation link; the clock moves a minute so requests have an order. */
async function waiting(product: Product, email = newEmail()): Promise<string> {
  now = new Date(now.getTime() + 60_000);
  await signUp(product, email);
  const [mail] = await mailsTo(email);
  const confirm = await post("/api/waitlist/confirm", { token: tokenIn(mail?.text ?? "", "confirmer") });
  expect(confirm.status, await confirm.clone().text()).toBe(200);
  return email;
}

const backInStock = async (email: string) =>
  (await mailsTo(email)).filter((mail) => mail.subject.includes("est de nouveau disponible"));

async function counts(): Promise<Record<string, number>> {
  const response = await admin.call("GET", "/api/admin/waitlist");
  expect(response.status).toBe(200);
  return ((await response.json()) as { counts: Record<string, number> }).counts;
}

async function adjust(product: Product, delta: number) {
  const response = await admin.call("POST", `/api/admin/products/${product.id}/stock-adjustments`, {
    delta,
    note: "Reçus du séchoir",
  });
  expect(response.status, await response.clone().text()).toBe(201);
  await ctx.deps.accountMail.flush();
}

describe("waitlist sign-up", () => {
  it("asks for explicit consent and a valid e-mail, only on an out-of-stock product", async () => {
    const out = await createSoap(ctx.deps, { stock: 0 });
    const inStock = await createSoap(ctx.deps, { stock: 4 });
    const refused = await post("/api/waitlist", { product_id: out.id, email: newEmail(), consent: false });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields.consent).toContain(
      "Cochez la case",
    );
    expect(
      (await post("/api/waitlist", { product_id: out.id, email: "pas-un-email", consent: true })).status,
    ).toBe(400);
    expect(
      (await post("/api/waitlist", { product_id: inStock.id, email: newEmail(), consent: true })).status,
    ).toBe(409);
    expect(
      (await post("/api/waitlist", { product_id: 999_999, email: newEmail(), consent: true })).status,
    ).toBe(404);
  });

  it("counts a shopper only once she followed the confirmation link (double opt-in)", async () => {
    const product = await createSoap(ctx.deps, { stock: 0 });
    const email = newEmail();
    await signUp(product, email);
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toContain("Confirmez votre alerte de retour en stock");
    expect(mail?.text).toContain(product.name);
    expect(mail?.text).toContain("/liste-d-attente?desinscrire=");
    expect(mail?.text).not.toContain(encodeURIComponent(email));
    expect((await counts())[product.id]).toBeUndefined();

    // A restock before the confirmation tells nobody.
    await adjust(product, 3);
    expect(await backInStock(email)).toHaveLength(0);
    await adjust(product, -3);

    const token = tokenIn(mail?.text ?? "", "confirmer");
    expect((await post("/api/waitlist/confirm", { token: `${token.slice(0, -3)}xyz` })).status).toBe(404);
    expect((await post("/api/waitlist/confirm", { token })).status).toBe(200);
    expect((await post("/api/waitlist/confirm", { token })).status).toBe(200);
    expect((await counts())[product.id]).toBe(1);
  });

  it("answers the same for an e-mail already waiting, and mails it nothing more", async () => {
    const product = await createSoap(ctx.deps, { stock: 0 });
    const email = await waiting(product);
    await signUp(product, email);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await counts())[product.id]).toBe(1);
  });

  it("sends at most 3 confirmation mails an hour to one e-mail", async () => {
    const product = await createSoap(ctx.deps, { stock: 0 });
    const email = newEmail();
    for (let i = 0; i < 5; i++) await signUp(product, email);
    expect(await mailsTo(email)).toHaveLength(3);
  });

  it("limits sign-ups per client address", async () => {
    const product = await createSoap(ctx.deps, { stock: 0 });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await post("/api/waitlist", { product_id: product.id, email: newEmail(), consent: true })).status,
      );
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
  });
});

describe("back in stock", () => {
  it("tells as many shoppers as units came back, in the order of their requests; the rest at the next restock", async () => {
    const product = await createSoap(ctx.deps, { stock: 0 });
    const shoppers: string[] = [];
    for (let i = 0; i < 5; i++) shoppers.push(await waiting(product));
    expect((await counts())[product.id]).toBe(5);

    await adjust(product, 2);
    const told = await Promise.all(shoppers.map(async (email) => (await backInStock(email)).length));
    expect(told).toEqual([1, 1, 0, 0, 0]);
    expect((await counts())[product.id]).toBe(3);
    const [mail] = await backInStock(shoppers[0] as string);
    expect(mail?.text).toContain(`http://shop.test/product/${product.id}`);
    expect(mail?.text).toContain("/liste-d-attente?desinscrire=");

    await adjust(product, 1);
    expect(await Promise.all(shoppers.map(async (email) => (await backInStock(email)).length))).toEqual([
      1, 1, 1, 0, 0,
    ]);
    await adjust(product, 24);
    expect(await Promise.all(shoppers.map(async (email) => (await backInStock(email)).length))).toEqual([
      1, 1, 1, 1, 1,
    ]);
    expect((await counts())[product.id]).toBeUndefined();
  });

  it("never tells anyone twice when restocks run at once", async () => {
    const product = await createSoap(ctx.deps, { stock: 0 });
    const shoppers: string[] = [];
    for (let i = 0; i < 8; i++) shoppers.push(await waiting(product));
    await productEntity(ctx.db).patch({ id: product.id }).set({ stock: 20 }).go();

    // Two restocks of 3 at the same moment: 6 different shoppers, the first 6.
    const [first, second] = await Promise.all([
      notifyWaitlist(ctx.deps, product.id, 3),
      notifyWaitlist(ctx.deps, product.id, 3),
    ]);
    expect(first).toHaveLength(3);
    expect(second).toHaveLength(3);
    expect(new Set([...(first ?? []), ...(second ?? [])])).toEqual(new Set(shoppers.slice(0, 6)));

    // Five more restocks of 2 at once for the 2 left: each told once.
    const rest = (
      await Promise.all(Array.from({ length: 5 }, () => notifyWaitlist(ctx.deps, product.id, 2)))
    ).flat();
    expect(rest.sort()).toEqual(shoppers.slice(6).sort());
    expect(await Promise.all(shoppers.map(async (email) => (await backInStock(email)).length))).toEqual(
      Array(8).fill(1),
    );
  });

  it("parallel stock adjustments through the API tell each shopper once", async () => {
    const product = await createSoap(ctx.deps, { stock: 0 });
    const shoppers: string[] = [];
    for (let i = 0; i < 4; i++) shoppers.push(await waiting(product));
    await Promise.all([adjust(product, 1), adjust(product, 1), adjust(product, 1)]);
    expect(await Promise.all(shoppers.map(async (email) => (await backInStock(email)).length))).toEqual([
      1, 1, 1, 0,
    ]);
  });
});

describe("unsubscribe", () => {
  it("deletes the request from the link in the mail, and the shopper is not told", async () => {
    const product = await createSoap(ctx.deps, { stock: 0 });
    const email = await waiting(product);
    const [mail] = await mailsTo(email);
    const token = tokenIn(mail?.text ?? "", "desinscrire");
    expect(token).not.toContain("@");

    // A forged secret changes nothing.
    expect((await post("/api/waitlist/unsubscribe", { token: `${token.slice(0, -4)}abcd` })).status).toBe(
      200,
    );
    expect((await counts())[product.id]).toBe(1);

    const response = await post("/api/waitlist/unsubscribe", { token });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { message: string }).message).toContain("Vous êtes désinscrit");
    expect((await counts())[product.id]).toBeUndefined();
    const { data } = await waitlistEntity(ctx.db).query.byProduct({ product_id: product.id }).go();
    expect(data).toEqual([]);

    await adjust(product, 5);
    expect(await backInStock(email)).toHaveLength(0);
    expect((await post("/api/waitlist/unsubscribe", { token })).status).toBe(200);
    expect((await post("/api/waitlist/unsubscribe", { token: "someone@example.fr" })).status).toBe(404);
  });
});

describe("personal data", () => {
  it("lists the account's waitlist requests in its data export and deletes them with the account", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps, { stock: 0 });
    await waiting(product, customer.email);

    const exported = await customer.call("GET", "/api/user/data-export");
    expect(exported.status).toBe(200);
    const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(files["donnees.json"])) as {
      waitlist: { product_id: number; email: string; confirmed_at: string | null }[];
    };
    expect(data.waitlist).toEqual([
      expect.objectContaining({
        product_id: product.id,
        email: customer.email,
        confirmed_at: expect.any(String),
      }),
    ]);

    const erased = await customer.call("POST", "/api/user/account/delete", { password: "secret12" });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect((await counts())[product.id]).toBeUndefined();
    const { data: left } = await waitlistEntity(ctx.db).query.byProduct({ product_id: product.id }).go();
    expect(left).toEqual([]);
  });
});

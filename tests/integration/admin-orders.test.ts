/**
 * The admin's Orders tab (issue 16): newest first, 20 a page, filtered by status and payment status and searched by
 * number, transfer reference, customer name or e-mail, all on the server; admin only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { userEntity } from "../../functions/accounts/user-entity";
import type { Order } from "../../src/domain/orders/order";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder, type TestCustomer } from "../support/customers";
import { createSoap } from "../support/products";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const helene = await createCustomer(ctx.deps, ctx.app);
const marc = await createCustomer(ctx.deps, ctx.app);
await userEntity(ctx.db).patch({ id: helene.id }).set({ full_name: "Hélène Dupré" }).go();

interface OrdersPage {
  orders: Order[];
  next_cursor: string | null;
}
const list = async (query = "") => {
  const response = await admin.call("GET", `/api/admin/orders?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as OrdersPage;
};
/** Every page of a query, following the cursors. */
async function all(query: string) {
  const pages: OrdersPage[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor && pages.length < 20);
  return pages;
}

const placed: Order[] = [];
beforeAll(async () => {
  const soap = await createSoap(ctx.deps, { price: 10, stock: 500 });
  // 30 orders: Marc's 24, Hélène's 6; every 5th paid, every 7th cancelled.
  for (let i = 0; i < 30; i++) {
    const buyer: TestCustomer = i % 5 === 2 ? helene : marc;
    placed.push(await placeTransferOrder(buyer, soap.id, 1, 17.8));
  }
  for (const [index, order] of placed.entries()) {
    const body =
      index % 7 === 3 ? { status: "cancelled" } : index % 5 === 0 ? { payment_status: "completed" } : null;
    if (body) expect((await admin.call("PUT", `/api/admin/orders/${order.id}`, body)).status).toBe(200);
  }
}, 120_000);

describe("GET /api/admin/orders", () => {
  it("pages the orders newest first, 20 at most a page, each exactly once", async () => {
    const pages = await all("limit=20");
    expect(pages.map((page) => page.orders.length)).toEqual([20, 10]);
    expect(pages.at(-1)?.next_cursor).toBeNull();
    const ids = pages.flatMap((page) => page.orders.map((order) => order.id));
    expect(ids).toEqual(placed.map((order) => order.id).reverse());
  });

  it("filters by status and by payment status, across pages", async () => {
    const cancelled = (await all("limit=2&status=cancelled")).flatMap((page) => page.orders);
    expect(cancelled.map((order) => order.id).sort()).toEqual(
      placed
        .filter((_, index) => index % 7 === 3)
        .map((order) => order.id)
        .sort(),
    );
    expect(cancelled.every((order) => order.status === "cancelled")).toBe(true);
    const paid = (await all("limit=20&payment_status=completed")).flatMap((page) => page.orders);
    expect(paid).toHaveLength(placed.filter((_, index) => index % 5 === 0 && index % 7 !== 3).length);
    expect(paid.every((order) => order.payment_status === "completed")).toBe(true);
    const both = await list("status=pending&payment_status=completed");
    expect(both.orders).toEqual([]);
    expect(both.next_cursor).toBeNull();
  });

  it("searches the number, the transfer reference, the name without accents and the e-mail", async () => {
    const target = placed[11] as Order;
    for (const q of [
      target.order_number.toLowerCase(),
      `#${target.order_number}`,
      target.transfer_reference ?? "",
    ]) {
      const { orders } = await list(`q=${encodeURIComponent(q)}`);
      expect(
        orders.map((order) => order.id),
        q,
      ).toEqual([target.id]);
    }
    const hers = placed
      .filter((_, index) => index % 5 === 2)
      .map((order) => order.id)
      .reverse();
    for (const q of ["helene dupre", "HÉLÈNE", helene.email.toUpperCase()]) {
      const { orders } = await list(`q=${encodeURIComponent(q)}`);
      expect(
        orders.map((order) => order.id),
        q,
      ).toEqual(hers);
    }
    expect((await list("q=personne-de-ce-nom")).orders).toEqual([]);
  });

  it("refuses a bad filter or cursor in French (400), and anyone but an admin", async () => {
    for (const [query, field, message] of [
      ["status=perdue", "status", "Statut de commande inconnu."],
      ["payment_status=gratuit", "payment_status", "Statut de paiement inconnu."],
      [`q=${"x".repeat(101)}`, "q", "La recherche compte au plus 100 caractères."],
      ["cursor=pas-un-curseur", "cursor", "Curseur de pagination invalide : rechargez la liste."],
    ] as const) {
      const response = await admin.call("GET", `/api/admin/orders?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ code: "VALIDATION", fields: { [field]: message } });
    }
    expect((await ctx.app.request("/api/admin/orders")).status).toBe(401);
    expect((await marc.call("GET", "/api/admin/orders?q=helene")).status).toBe(403);
  });
});

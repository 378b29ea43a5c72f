/**
 * Batches and recalls (decision record 018; Regulation (EC) 1223/2009 art. 19(1)(e), Regulation (EU) 2023/988
 * art. 35-36): sales take the first-expiring lot in the order's own transaction, parallel orders never oversell a lot,
 * units given back return to their lots, and the recall of a lot mails each of its orders once.
 */
import { describe, expect, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { invoiceEntity } from "../../functions/orders/invoice-entity";
import type { Batch, RecallEntry } from "../../src/domain/batches/batches";
import type { InvoiceSnapshot } from "../../src/domain/orders/invoice";
import type { Order } from "../../src/domain/orders/order";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder, type TestCustomer } from "../support/customers";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });

const addLot = async (productId: number, body: object) => {
  const response = await admin.call("POST", `/api/admin/batches/${productId}`, {
    made_on: "2026-01-10",
    inci_version: "v1",
    ...body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Batch;
};
const lots = async (productId: number) => {
  const response = await admin.call("GET", `/api/admin/batches/${productId}`);
  expect(response.status).toBe(200);
  const { batches } = (await response.json()) as { batches: Batch[] };
  return Object.fromEntries(batches.map((batch) => [batch.lot, batch.remaining]));
};
const stockOf = async (id: number) => (await productEntity(ctx.db).get({ id }).go()).data?.stock;
const edit = (id: string, body: object) => admin.call("PUT", `/api/admin/orders/${id}`, body);
const RISK = "Risque d'irritation de la peau : une erreur de pesée a laissé trop de soude dans ce lot.";
const recall = async (productId: number, lot: string, method = "GET") => {
  const response = await admin.call(
    method,
    `/api/admin/batches/${productId}/${lot}/recall`,
    method === "POST" ? { risk: RISK } : undefined,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { entries: RecallEntry[]; sent?: number };
};
const recallMails = (lot: string) =>
  readMails(ctx.mailDir).filter((mail) => mail.subject.includes(`lot ${lot}`));

describe("batches", () => {
  it("are admin only, validated in French, unique per product", async () => {
    const product = await createSoap(ctx.deps);
    const customer = await createCustomer(ctx.deps, ctx.app);
    expect((await customer.call("GET", `/api/admin/batches/${product.id}`)).status).toBe(403);
    const invalid = await admin.call("POST", `/api/admin/batches/${product.id}`, {
      lot: "L 1",
      made_on: "2026-01-10",
      inci_version: "v1",
      quantity: 5,
    });
    expect(invalid.status).toBe(400);
    const { fields } = (await invalid.json()) as { fields: Record<string, string> };
    expect(fields.lot).toContain("Numéro de lot invalide");
    expect(fields.expires_on).toContain("péremption ou une PAO");
    await addLot(product.id, { lot: "L1", pao_months: 12, quantity: 5 });
    const twice = await admin.call("POST", `/api/admin/batches/${product.id}`, {
      lot: "L1",
      made_on: "2026-01-10",
      inci_version: "v1",
      pao_months: 12,
      quantity: 5,
    });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: string }).error).toContain("existe déjà");
  });

  it("sales take the first-expiring lot, then the next; the order line and invoice record the lots", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps, { stock: 20, price: 10 });
    await addLot(product.id, { lot: "LATE", expires_on: "2028-06-01", quantity: 10 });
    await addLot(product.id, { lot: "EARLY", expires_on: "2027-06-01", quantity: 2 });

    const order = await placeTransferOrder(customer, product.id, 3, 37.8);
    expect(order.items[0]?.lots).toEqual([
      { lot: "EARLY", quantity: 2 },
      { lot: "LATE", quantity: 1 },
    ]);
    expect(await lots(product.id)).toEqual({ EARLY: 0, LATE: 9 });

    const paid = (await (await edit(order.id, { payment_status: "completed" })).json()) as Order & {
      invoice_number: string;
    };
    const { data } = await invoiceEntity(ctx.db).get({ number: paid.invoice_number }).go();
    const snapshot = JSON.parse(data?.snapshot ?? "{}") as InvoiceSnapshot;
    expect(snapshot.lines[0]?.lots).toBe("Lot EARLY × 2, lot LATE × 1");
  });

  it("units no lot covers are sold all the same, recorded as « lot non enregistré »; no lots, no lots on the line", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps, { stock: 20, price: 10 });
    const none = await placeTransferOrder(customer, product.id, 1, 17.8);
    expect(none.items[0]?.lots).toEqual([]);
    await addLot(product.id, { lot: "ONLY", pao_months: 12, quantity: 1 });
    const order = await placeTransferOrder(customer, product.id, 3, 37.8);
    expect(order.items[0]?.lots).toEqual([{ lot: "ONLY", quantity: 1 }]);
    expect(await lots(product.id)).toEqual({ ONLY: 0 });
  });

  it("30 parallel orders on two lots never oversell a lot and record exactly the units taken", async () => {
    const product = await createSoap(ctx.deps, { stock: 100, price: 10 });
    await addLot(product.id, { lot: "A", expires_on: "2027-01-01", quantity: 20 });
    await addLot(product.id, { lot: "B", expires_on: "2027-06-01", quantity: 25 });
    const customers = await Promise.all(Array.from({ length: 30 }, () => createCustomer(ctx.deps, ctx.app)));
    const orders = await Promise.all(
      customers.map((customer) => placeTransferOrder(customer, product.id, 2, 27.8)),
    );

    const taken = { A: 0, B: 0 } as Record<string, number>;
    for (const order of orders) {
      const line = order.items[0];
      for (const entry of line?.lots ?? []) taken[entry.lot] = (taken[entry.lot] ?? 0) + entry.quantity;
    }
    // 60 units sold: the 45 of the lots, then 15 with no recorded lot; lot A (first-expiring) emptied first.
    expect(taken).toEqual({ A: 20, B: 25 });
    expect(await lots(product.id)).toEqual({ A: 0, B: 0 });
    expect(await stockOf(product.id)).toBe(40);
    const recorded = orders.reduce(
      (sum, order) => sum + (order.items[0]?.lots ?? []).reduce((s, entry) => s + entry.quantity, 0),
      0,
    );
    expect(recorded).toBe(45);
    // The recall of each lot finds exactly the orders that took it, with their units.
    const recallA = await recall(product.id, "A");
    expect(recallA.entries.reduce((sum, entry) => sum + entry.quantity, 0)).toBe(20);
    const recallB = await recall(product.id, "B");
    expect(recallB.entries.reduce((sum, entry) => sum + entry.quantity, 0)).toBe(25);
  }, 60_000);

  it("a cancellation gives the units back to the lots they came from", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps, { stock: 20, price: 10 });
    await addLot(product.id, { lot: "X1", expires_on: "2027-01-01", quantity: 1 });
    await addLot(product.id, { lot: "X2", expires_on: "2027-02-01", quantity: 5 });
    const order = await placeTransferOrder(customer, product.id, 3, 37.8);
    expect(await lots(product.id)).toEqual({ X1: 0, X2: 3 });
    expect((await edit(order.id, { status: "cancelled" })).status).toBe(200);
    expect(await lots(product.id)).toEqual({ X1: 1, X2: 5 });
    expect(await stockOf(product.id)).toBe(20);
  });

  it("a return put back on sale gives its units back to the line's lots, never more than the line took", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps, { stock: 20, price: 10 });
    await addLot(product.id, { lot: "R1", expires_on: "2027-01-01", quantity: 1 });
    await addLot(product.id, { lot: "R2", expires_on: "2027-02-01", quantity: 5 });
    const placed = await placeTransferOrder(customer, product.id, 3, 37.8);
    let order = (await (
      await edit(placed.id, { payment_status: "completed", status: "delivered" })
    ).json()) as Order;
    const returnOf = async (quantity: number, amount: number, restock = true) => {
      const response = await admin.call("POST", `/api/admin/orders/${order.id}/returns`, {
        order_version: order.version,
        lines: [{ index: 0, quantity, restock }],
        refund_shipping: false,
        amount,
      });
      expect(response.status, await response.clone().text()).toBe(201);
      order = (await response.json()) as Order;
    };
    await returnOf(1, 10);
    expect(await lots(product.id)).toEqual({ R1: 0, R2: 4 });
    await returnOf(2, 20);
    expect(await lots(product.id)).toEqual({ R1: 1, R2: 5 });
  });
});

describe("the recall of a lot", () => {
  it("lists every order of the lot and mails each customer once, even on a double send", async () => {
    const product = await createSoap(ctx.deps, { stock: 50, price: 10 });
    await addLot(product.id, { lot: "RAPPEL1", expires_on: "2027-01-01", quantity: 6 });
    const buyers = await Promise.all([1, 2, 3].map(() => createCustomer(ctx.deps, ctx.app)));
    const orders: Order[] = [];
    for (const buyer of buyers) orders.push(await placeTransferOrder(buyer, product.id, 2, 27.8));
    // An order of another lot is not in this recall.
    await addLot(product.id, { lot: "AUTRE", expires_on: "2029-01-01", quantity: 10 });
    await placeTransferOrder(buyers[0] as TestCustomer, product.id, 6, 67.8);

    const listed = await recall(product.id, "RAPPEL1");
    expect(listed.entries.map((entry) => entry.order_id).sort()).toEqual(
      orders.map((order) => order.id).sort(),
    );
    expect(listed.entries.map((entry) => entry.quantity)).toEqual([2, 2, 2]);
    expect(listed.entries.every((entry) => entry.notified_at === null)).toBe(true);

    // Two admins (or a double click) at the same moment: one mail per order.
    const [first, second] = await Promise.all([
      recall(product.id, "RAPPEL1", "POST"),
      recall(product.id, "RAPPEL1", "POST"),
    ]);
    expect((first.sent ?? 0) + (second.sent ?? 0)).toBe(3);
    const mails = recallMails("RAPPEL1");
    expect(mails.map((mail) => mail.to).sort()).toEqual(buyers.map((buyer) => buyer.email).sort());
    expect(mails[0]?.text).toContain("cessez immédiatement d'utiliser ce produit");
    expect(mails[0]?.text).toContain(`Le risque : ${RISK}`);
    expect(mails[0]?.html).toContain("Le risque : Risque d&#39;irritation de la peau");
    expect(mails[0]?.subject).toContain("Rappel de sécurité du produit");
    const after = await recall(product.id, "RAPPEL1");
    expect(after.entries.every((entry) => entry.notified_at && entry.notified_email)).toBe(true);

    // The risk is what the mail must say (GPSR art. 36(2)): without it, nothing is sent.
    const bare = await admin.call("POST", `/api/admin/batches/${product.id}/RAPPEL1/recall`, {
      risk: " court ",
    });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({
      fields: { risk: "Décrivez le risque en une phrase au moins : il figure dans l'e-mail de rappel." },
    });

    // Sent again later: nobody is mailed twice.
    expect((await recall(product.id, "RAPPEL1", "POST")).sent).toBe(0);
    expect(recallMails("RAPPEL1")).toHaveLength(3);
  });

  it("never mails an erased customer: listed as unreachable", async () => {
    const product = await createSoap(ctx.deps, { stock: 50, price: 10 });
    await addLot(product.id, { lot: "EFFACE", expires_on: "2027-01-01", quantity: 10 });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const order = await placeTransferOrder(customer, product.id, 1, 17.8);
    expect((await edit(order.id, { payment_status: "completed", status: "delivered" })).status).toBe(200);
    const erased = await customer.call("POST", "/api/user/account/delete", { password: "secret12" });
    expect(erased.status, await erased.clone().text()).toBe(200);

    const listed = await recall(product.id, "EFFACE");
    expect(listed.entries).toEqual([expect.objectContaining({ order_id: order.id, customer_email: "" })]);
    expect((await recall(product.id, "EFFACE", "POST")).sent).toBe(0);
    expect(recallMails("EFFACE")).toHaveLength(0);
    expect((await recall(product.id, "EFFACE")).entries[0]?.notified_at).toBeNull();
  });
});

/**
 * Returns and refunds after shipping (order-lifecycle.md "return received", issue 12): per line, with or without
 * restock, a credit note per refund, PayPal refunded through its API, a bank transfer listed until the owner sends it.
 */
import { describe, expect, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { orderEntity } from "../../functions/orders/entity";
import { invoiceEntity } from "../../functions/orders/invoice-entity";
import { moveOrder } from "../../functions/orders/lifecycle";
import { PaypalClient } from "../../functions/platform/adapters/paypal/client";
import { formatEuros } from "../../src/domain/money";
import type { Order } from "../../src/domain/orders/order";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder, type TestCustomer } from "../support/customers";
import { readMails } from "../support/mail";
import { withPaypalDouble } from "../support/paypal";
import { createSoap } from "../support/products";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const paypalDouble = withPaypalDouble(ctx.deps);

const soap = (price = 10, stock = 10) => createSoap(ctx.deps, { price, stock });

const stockOf = async (id: number) => (await productEntity(ctx.db).get({ id }).go()).data?.stock;
const stats = async () =>
  (await (await admin.call("GET", "/api/admin/stats")).json()) as { totalRevenue: number };
const edit = (id: string, body: object) => admin.call("PUT", `/api/admin/orders/${id}`, body);
const returnOf = (order: Pick<Order, "id" | "version">, body: object) =>
  admin.call("POST", `/api/admin/orders/${order.id}/returns`, { order_version: order.version, ...body });

/** A bank-transfer order of 3 soaps at 10 € (37,80 € with delivery), paid and delivered. */
async function deliveredTransferOrder(customer: TestCustomer, productId: number): Promise<Order> {
  const placed = await placeTransferOrder(customer, productId, 3, 37.8);
  const response = await edit(placed.id, { payment_status: "completed", status: "delivered" });
  expect(response.status).toBe(200);
  return (await response.json()) as Order;
}

describe("a return of some lines of a bank-transfer order", () => {
  it("refunds them with a credit note, restocks only the resaleable ones, and lists the transfer to make", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const order = await deliveredTransferOrder(customer, product.id);
    const before = await stats();

    const response = await returnOf(order, {
      lines: [{ index: 0, quantity: 1, restock: true }],
      refund_shipping: false,
      amount: 10,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const returned = (await response.json()) as Order;
    expect(returned).toMatchObject({
      status: "delivered",
      payment_status: "partially_refunded",
      refunded_amount: 10,
    });
    expect(returned.refunds).toEqual([
      expect.objectContaining({
        amount: 10,
        method: "bank_transfer",
        status: "due",
        lines: [expect.objectContaining({ index: 0, quantity: 1, restock: true })],
        credit_note_number: expect.stringMatching(/^AV-\d{4}-\d{6}$/),
      }),
    ]);
    expect(await stockOf(product.id)).toBe(8);
    expect((await stats()).totalRevenue).toBeCloseTo(before.totalRevenue - 10, 2);

    // The customer sees the credit note on the order and downloads it; nobody else can.
    const mine = (await (await customer.call("GET", `/api/user/orders/${order.id}`)).json()) as Order;
    const number = mine.refunds[0]?.credit_note_number;
    const pdf = await customer.call("GET", `/api/user/orders/${order.id}/credit-notes/${number}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const other = await createCustomer(ctx.deps, ctx.app);
    expect((await other.call("GET", `/api/user/orders/${order.id}/credit-notes/${number}`)).status).toBe(404);
    expect(
      (await customer.call("GET", `/api/user/orders/${order.id}/credit-notes/FA-2026-000001`)).status,
    ).toBe(404);
    const snapshot = (
      await invoiceEntity(ctx.db)
        .get({ number: number ?? "" })
        .go()
    ).data;
    expect(JSON.parse(snapshot?.snapshot ?? "{}")).toMatchObject({
      kind: "credit_note",
      refers_to: order.invoice_number,
      lines: [{ quantity: 1, unit_price_cents: 1000, total_cents: 1000 }],
      total_cents: 1000,
    });
    const mail = readMails(ctx.mailDir).find(
      (item) => item.to === customer.email && item.subject.includes("Remboursement"),
    );
    expect(mail?.text).toContain(`Nous vous remboursons ${formatEuros(1000)} par virement`);
    expect(mail?.text).toContain(`L'avoir n° ${number}`);

    // The owner sends the transfer and marks it done, once.
    const refundId = returned.refunds[0]?.id;
    const done = await admin.call("POST", `/api/admin/orders/${order.id}/refunds/${refundId}/done`);
    expect(done.status).toBe(200);
    expect(((await done.json()) as Order).refunds[0]).toMatchObject({
      status: "done",
      done_at: expect.any(String),
    });
    expect((await admin.call("POST", `/api/admin/orders/${order.id}/refunds/${refundId}/done`)).status).toBe(
      200,
    );
    expect((await admin.call("POST", `/api/admin/orders/${order.id}/refunds/nope/done`)).status).toBe(404);

    // The rest comes back broken (not resaleable) with the delivery cost: refunded in full, to the cent.
    const latest = (await (await customer.call("GET", `/api/user/orders/${order.id}`)).json()) as Order;
    const rest = await returnOf(latest, {
      lines: [{ index: 0, quantity: 2, restock: false }],
      refund_shipping: true,
      amount: 27.8,
    });
    expect(rest.status, await rest.clone().text()).toBe(201);
    const full = (await rest.json()) as Order;
    expect(full).toMatchObject({ payment_status: "refunded", refunded_amount: 37.8 });
    expect(full.refunds).toHaveLength(2);
    expect(await stockOf(product.id)).toBe(8);
    expect((await stats()).totalRevenue).toBeCloseTo(before.totalRevenue - 37.8, 2);
  });
});

describe("what a return refuses", () => {
  it("answers 409 in French and refunds nothing: stale form, wrong amount, too many, not shipped, cancel after", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const order = await deliveredTransferOrder(customer, product.id);
    const line = { lines: [{ index: 0, quantity: 1, restock: true }], refund_shipping: false };

    const stale = await admin.call("POST", `/api/admin/orders/${order.id}/returns`, {
      ...line,
      amount: 10,
      order_version: order.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toMatch(
      /a changé depuis l'ouverture du formulaire/,
    );

    const amount = await returnOf(order, { ...line, amount: 12 });
    expect(amount.status).toBe(409);
    expect(await amount.json()).toMatchObject({ code: "REFUND_AMOUNT_CHANGED", amount: 10 });

    const tooMany = await returnOf(order, {
      lines: [{ index: 0, quantity: 4, restock: true }],
      refund_shipping: false,
      amount: 40,
    });
    expect(await tooMany.json()).toMatchObject({
      code: "RETURN_INVALID",
      error: expect.stringContaining("Il ne reste que 3"),
    });
    expect(
      (await returnOf(order, { ...line, lines: [{ index: 0, quantity: 1.5, restock: true }], amount: 15 }))
        .status,
    ).toBe(400);

    const confirmed = await placeTransferOrder(customer, product.id, 1, 17.8);
    const paid = (await (await edit(confirmed.id, { payment_status: "completed" })).json()) as Order;
    const early = await returnOf(paid, { ...line, amount: 10 });
    expect(await early.json()).toMatchObject({
      code: "ORDER_TRANSITION",
      error: expect.stringMatching(/annulez-la/),
    });

    const stored = (await orderEntity(ctx.db).get({ id: order.id }).go()).data;
    expect(stored?.refunds ?? []).toEqual([]);
    expect(await stockOf(product.id)).toBe(6);

    // Once a line came back from a shipped order, the order is no longer cancelled as a whole.
    const shipped = await placeTransferOrder(customer, product.id, 2, 27.8);
    const sent = (await (
      await edit(shipped.id, { payment_status: "completed", status: "shipped" })
    ).json()) as Order;
    expect((await returnOf(sent, { ...line, amount: 10 })).status).toBe(201);
    const cancel = await edit(shipped.id, { status: "cancelled" });
    expect(cancel.status).toBe(409);
    expect(((await cancel.json()) as { error: string }).error).toMatch(/déjà été retournés/);
  });

  it("refunds once when the owner clicks three times: the same answer, one refund, one mail", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const order = await deliveredTransferOrder(customer, product.id);
    const body = { lines: [{ index: 0, quantity: 1, restock: true }], refund_shipping: false, amount: 10 };
    const answers = await Promise.all([returnOf(order, body), returnOf(order, body), returnOf(order, body)]);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const stored = (await orderEntity(ctx.db).get({ id: order.id }).go()).data;
    expect(stored?.refunds).toHaveLength(1);
    expect(stored?.refunded_cents).toBe(1000);
    const mails = readMails(ctx.mailDir).filter(
      (item) => item.to === customer.email && item.subject.includes("Remboursement"),
    );
    expect(mails).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(8);
  });
});

describe("a return of a PayPal order", () => {
  async function paidPaypalOrder(customer: TestCustomer, productId: number): Promise<string> {
    const created = await customer.call("POST", "/api/paypal-payment/create-order", {
      items: [{ product_id: productId, quantity: 2 }],
      shipping_address_id: customer.addressId,
      total_amount: 27.8,
      amount: "27.80",
      currency: "EUR",
    });
    expect(created.status).toBe(201);
    const { id, order_id } = (await created.json()) as { id: string; order_id: string };
    paypalDouble.double.approve(id);
    expect((await customer.call("POST", "/api/paypal-payment/capture-order", { orderID: id })).status).toBe(
      200,
    );
    return order_id;
  }

  async function deliveredPaypalOrder(customer: TestCustomer, productId: number): Promise<Order> {
    const response = await edit(await paidPaypalOrder(customer, productId), { status: "delivered" });
    expect(response.status).toBe(200);
    return (await response.json()) as Order;
  }

  it("refunds a paid PayPal order the owner cancels at once, through PayPal, once", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const id = await paidPaypalOrder(customer, product.id);
    const response = await edit(id, { status: "cancelled" });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    const stored = (await orderEntity(ctx.db).get({ id }).go()).data;
    expect(stored?.credit_note_number).toMatch(/^AV-/);
    expect(paypalDouble.double.refunds.filter((refund) => refund.requestId === `${id}-cancel`)).toEqual([
      expect.objectContaining({ amountCents: 2780, captureId: stored?.paypal_capture_id }),
    ]);
    expect(stored?.paypal_refund_id).toBe(
      paypalDouble.double.refunds.find((refund) => refund.requestId === `${id}-cancel`)?.id,
    );
    expect(await stockOf(product.id)).toBe(10);
    expect((await edit(id, { payment_status: "refunded" })).status).toBe(200);
    expect(paypalDouble.double.refunds.filter((refund) => refund.requestId === `${id}-cancel`)).toHaveLength(
      1,
    );
  });

  it("refunds a paid PayPal order the owner cancels and marks refunded in one save, through PayPal", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const id = await paidPaypalOrder(customer, product.id);
    const response = await edit(id, { status: "cancelled", payment_status: "refunded" });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    const stored = (await orderEntity(ctx.db).get({ id }).go()).data;
    // Recorded as refunded only once PayPal has given the money back.
    expect(paypalDouble.double.refunds.filter((refund) => refund.requestId === `${id}-cancel`)).toEqual([
      expect.objectContaining({ amountCents: 2780, captureId: stored?.paypal_capture_id }),
    ]);
    expect(stored?.paypal_refund_id).toBeTruthy();
    expect(await stockOf(product.id)).toBe(10);
  });

  it("cannot cancel a paid PayPal order without its refund, nor ship an order without its mail: nothing written", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const id = await paidPaypalOrder(customer, product.id);
    // The table declares the refund (refund_payment) and the mail (shipping_mail): a caller that does not hand in
    // their code is a programming error, refused before the move is written.
    await expect(moveOrder(ctx.deps, id, { commands: ["cancel"], refused: "throw" })).rejects.toThrow(
      /need refundCapture/,
    );
    await expect(moveOrder(ctx.deps, id, { commands: ["ship"], refused: "throw" })).rejects.toThrow(
      /need shippingMail/,
    );
    expect((await orderEntity(ctx.db).get({ id }).go()).data).toMatchObject({
      status: "confirmed",
      payment_status: "completed",
    });
    expect(await stockOf(product.id)).toBe(8);
    expect(paypalDouble.double.refunds.filter((refund) => refund.requestId === `${id}-cancel`)).toEqual([]);

    // A bank transfer's refund is the owner's to send: cancelling it needs no PayPal.
    const transfer = await placeTransferOrder(customer, product.id, 1, 17.8);
    expect((await edit(transfer.id, { payment_status: "completed" })).status).toBe(200);
    const cancelled = await moveOrder(ctx.deps, transfer.id, { commands: ["cancel"], refused: "throw" });
    expect(cancelled.order).toMatchObject({ status: "cancelled", payment_status: "completed" });
  });

  it("refunds through PayPal's API, once, with the refund's id as PayPal-Request-Id", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const order = await deliveredPaypalOrder(customer, product.id);
    const response = await returnOf(order, {
      lines: [{ index: 0, quantity: 2, restock: true }],
      refund_shipping: true,
      amount: 27.8,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const refunded = (await response.json()) as Order;
    expect(refunded).toMatchObject({ payment_status: "refunded", refunded_amount: 27.8 });
    expect(refunded.refunds[0]).toMatchObject({ method: "paypal", status: "done" });
    const atPaypal = paypalDouble.double.refunds.filter(
      (refund) => refund.captureId === order.paypal_capture_id,
    );
    expect(atPaypal).toEqual([expect.objectContaining({ amountCents: 2780, requestId: `${order.id}-R1` })]);
    expect(await stockOf(product.id)).toBe(10);
    const mail = readMails(ctx.mailDir).find(
      (item) => item.to === customer.email && item.subject.includes("Remboursement"),
    );
    expect(mail?.text).toContain(`Nous vous avons remboursé ${formatEuros(2780)} sur votre compte PayPal`);
  });

  it("writes nothing when PayPal refuses the refund", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const order = await deliveredPaypalOrder(customer, product.id);
    // Refunded in PayPal's own dashboard meanwhile: PayPal refuses a second refund.
    const client = new PaypalClient({
      baseUrl: paypalDouble.double.url,
      clientId: paypalDouble.double.clientId,
      clientSecret: paypalDouble.double.clientSecret,
    });
    await client.refundCapture(order.paypal_capture_id ?? "", { currency: "EUR", requestId: "dashboard-1" });
    const response = await returnOf(order, {
      lines: [{ index: 0, quantity: 1, restock: true }],
      refund_shipping: false,
      amount: 10,
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      code: "PAYPAL_ERROR",
      error: expect.stringMatching(/rien n'a été enregistré/),
    });
    const stored = (await orderEntity(ctx.db).get({ id: order.id }).go()).data;
    expect(stored).toMatchObject({ payment_status: "completed" });
    expect(stored?.refunds ?? []).toEqual([]);
    expect(await stockOf(product.id)).toBe(8);
  });
});

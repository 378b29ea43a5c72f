/**
 * Bank transfers done properly (issue 19): the EPC QR code in the confirmation, decoded back from the mail; the one
 * reminder and the cancellation at the Europe/Paris day boundaries (winter and summer time), with the clock injected;
 * two runs at once; an order paid meanwhile; stock and promo use given back; the owner's delays.
 */
import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { orderEntity } from "../../functions/orders/entity";
import { followUpTransfers } from "../../functions/payments/transfer-follow-up";
import { promoEntity } from "../../functions/promos/entity";
import { createPromo } from "../../functions/promos/service";
import { putSetting } from "../../functions/settings/service";
import type { Cents } from "../../src/domain/money";
import type { Order } from "../../src/domain/orders/order";
import { epcPayload } from "../../src/domain/payments/epc-qr";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder, type TestCustomer } from "../support/customers";
import { type ReadMail, readMails } from "../support/mail";
import { createSoap } from "../support/products";
import { SHOP_BANK } from "../support/shop-setup";

let now = new Date("2026-01-05T10:00:00Z");
const ctx = await createTestContext({ now: () => now });
/** The owner, signed in now (the clock jumps months: a session opened at the start would have expired). */
const owner = () => createCustomer(ctx.deps, ctx.app, { isAdmin: true });

const at = (iso: string) => {
  now = new Date(iso);
};
const run = () => followUpTransfers(ctx.deps);
const mailsTo = (customer: TestCustomer): ReadMail[] =>
  readMails(ctx.mailDir).filter((mail) => mail.to === customer.email);
const reminders = (customer: TestCustomer) => mailsTo(customer).filter((mail) => /Rappel/.test(mail.subject));
const stored = async (id: string) => (await orderEntity(ctx.db).get({ id }).go()).data;
const stockOf = async (id: number) => (await productEntity(ctx.db).get({ id }).go()).data?.stock;

/** A customer's transfer order of one 10 € soap (with 7,80 € shipping), placed at `iso`. */
async function orderAt(iso: string, options: { quantity?: number } = {}) {
  at(iso);
  const customer = await createCustomer(ctx.deps, ctx.app);
  const product = await createSoap(ctx.deps, { price: 10, stock: 10 });
  const quantity = options.quantity ?? 1;
  const order = await placeTransferOrder(customer, product.id, quantity, quantity * 10 + 7.8);
  // The confirmation is sent after the answer (the account mail queue, issue 18).
  await ctx.deps.accountMail.flush();
  return { customer, product, order };
}

/** The text of the QR code in a mail's inline PNG, read back with a QR decoder from its pixels. */
async function decodeQr(mail: ReadMail | undefined): Promise<string> {
  const image = mail?.inline.find((part) => part.contentType === "image/png");
  expect(image, "an inline PNG").toBeDefined();
  expect(mail?.html).toContain(`src="cid:${image?.cid}"`);
  const { data, info } = await sharp(image?.content)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  expect(code, "a readable QR code").not.toBeNull();
  return code?.data ?? "";
}

const expectedPayload = (order: Order) => {
  const result = epcPayload({
    beneficiary: SHOP_BANK.beneficiary,
    iban: SHOP_BANK.iban,
    bic: SHOP_BANK.bic,
    amount: Math.round(order.total_amount * 100) as Cents,
    reference: order.transfer_reference ?? "",
  });
  if (!result.ok) throw new Error(result.reason);
  return result.payload;
};

describe("the EPC QR code in the confirmation mail", () => {
  it("decodes to the GiroCode of the order: account holder, IBAN, amount, reference", async () => {
    const { customer, order } = await orderAt("2026-01-05T10:00:00Z", { quantity: 2 });
    const [confirmation] = mailsTo(customer);
    const payload = await decodeQr(confirmation);
    expect(payload).toBe(expectedPayload(order));
    expect(payload.split("\n")).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "AGRIFRPP",
      "Mariam Haddad",
      "FR7630006000011234567890189",
      "EUR27.80",
      "",
      expect.stringMatching(new RegExp(`^RF\\d{2}${(order.transfer_reference ?? "").replace("-", "")}$`)),
    ]);
    // The plain-text part keeps the written instructions, and says nothing of an image.
    expect(confirmation?.text).toContain(`Référence à indiquer : ${order.transfer_reference}`);
    expect(confirmation?.text).toContain("IBAN : FR76 3000 6000 0112 3456 7890 189");
    expect(confirmation?.text).not.toContain("cid:");
    expect(confirmation?.html).toMatch(/alt="QR code du virement/);
  });

  it("is left out, the written instructions kept, when the account holder's name cannot go in the code", async () => {
    await putSetting(ctx.deps, "payment_bank_transfer", { ...SHOP_BANK, beneficiary: "M".repeat(71) });
    try {
      const { customer } = await orderAt("2026-01-05T11:00:00Z");
      const [confirmation] = mailsTo(customer);
      expect(confirmation?.inline).toEqual([]);
      expect(confirmation?.html).not.toContain("cid:");
      expect(confirmation?.text).toContain(`Bénéficiaire : ${"M".repeat(71)}`);
    } finally {
      await putSetting(ctx.deps, "payment_bank_transfer", SHOP_BANK);
    }
  });
});

describe("the reminder after 5 Paris days", () => {
  it("goes out from midnight in Paris on the fifth day after the order's day, in winter (UTC+1), once", async () => {
    // 1 March 2026, 23:50 in Paris (22:50 UTC): the order's day is 1 March.
    const { customer, order } = await orderAt("2026-03-01T22:50:00Z");
    at("2026-03-05T22:59:59Z"); // 5 March, 23:59:59 in Paris
    expect((await run()).reminded).not.toContain(order.id);
    expect(reminders(customer)).toHaveLength(0);

    at("2026-03-05T23:00:00Z"); // 6 March, 00:00 in Paris
    expect((await run()).reminded).toContain(order.id);
    const [reminder] = reminders(customer);
    expect(reminder?.subject).toContain(
      `Rappel : virement attendu pour votre commande n° ${order.order_number}`,
    );
    expect(reminder?.text).toContain(`Référence à indiquer : ${order.transfer_reference}`);
    expect(reminder?.text).toContain("la commande sera annulée le mercredi 11 mars 2026");
    expect(await decodeQr(reminder)).toBe(expectedPayload(order));
    expect((await stored(order.id))?.transfer_reminded_at).toBe("2026-03-05T23:00:00.000Z");

    at("2026-03-07T09:00:00Z");
    expect((await run()).reminded).not.toContain(order.id);
    expect(reminders(customer)).toHaveLength(1);
  });

  it("counts Paris days in summer (UTC+2): an order of 00:05 on 1 July is the 1 July's, though UTC says 30 June", async () => {
    const { customer, order } = await orderAt("2026-06-30T22:05:00Z");
    at("2026-07-05T21:59:59Z"); // 5 July, 23:59:59 in Paris
    await run();
    expect(reminders(customer)).toHaveLength(0);
    at("2026-07-05T22:00:00Z"); // 6 July, 00:00 in Paris
    expect((await run()).reminded).toContain(order.id);
    expect(reminders(customer)).toHaveLength(1);
  });

  it("sends one reminder when the job runs several times at once", async () => {
    const orders = await Promise.all([
      orderAt("2026-04-01T08:00:00Z"),
      orderAt("2026-04-01T08:00:00Z"),
      orderAt("2026-04-01T08:00:00Z"),
    ]);
    at("2026-04-06T08:00:00Z");
    const runs = await Promise.all([run(), run(), run(), run()]);
    for (const { customer, order } of orders) {
      expect(runs.filter((result) => result.reminded.includes(order.id))).toHaveLength(1);
      expect(reminders(customer)).toHaveLength(1);
    }
  });
});

describe("the cancellation after 10 Paris days", () => {
  it("cancels through the lifecycle at Paris midnight in summer, gives stock and promo back, tells the customer", async () => {
    at("2026-06-30T22:05:00Z");
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps, { price: 10, stock: 10 });
    const promo = await createPromo(ctx.deps, {
      code: `VIR${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
      discount_type: "fixed_amount",
      discount_value: 200,
    });
    const order = await placeTransferOrder(customer, product.id, 3, 35.8, promo.id);
    expect(await stockOf(product.id)).toBe(7);
    expect((await promoEntity(ctx.db).get({ id: promo.id }).go()).data?.usage_count).toBe(1);

    at("2026-07-10T21:59:59Z"); // 10 July, 23:59:59 in Paris: reminded, not cancelled
    expect((await run()).cancelled).not.toContain(order.id);
    expect((await stored(order.id))?.status).toBe("pending");

    at("2026-07-10T22:00:00Z"); // 11 July, 00:00 in Paris
    const [first, second] = await Promise.all([run(), run()]);
    expect([...first.cancelled, ...second.cancelled].filter((id) => id === order.id)).toHaveLength(1);
    const cancelled = await stored(order.id);
    expect(cancelled).toMatchObject({ status: "cancelled", payment_status: "failed" });
    expect(cancelled?.released_at).toBeDefined();
    expect(cancelled?.invoice_number).toBeUndefined();
    expect(await stockOf(product.id)).toBe(10);
    expect((await promoEntity(ctx.db).get({ id: promo.id }).go()).data?.usage_count).toBe(0);
    const told = mailsTo(customer).filter((mail) => /annulée : virement non reçu/.test(mail.subject));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("dans les 10 jours qui ont suivi la commande");

    at("2026-07-20T10:00:00Z");
    await run();
    expect(await stockOf(product.id)).toBe(10);
    expect(mailsTo(customer).filter((mail) => /annulée/.test(mail.subject))).toHaveLength(1);
  });

  it("cancels at Paris midnight in winter too (UTC+1)", async () => {
    const { order, product } = await orderAt("2026-11-02T12:00:00Z");
    at("2026-11-11T22:59:59Z"); // 11 November, 23:59:59 in Paris: day 9
    expect((await run()).cancelled).not.toContain(order.id);
    expect((await stored(order.id))?.status).toBe("pending");
    at("2026-11-11T23:00:00Z"); // 12 November, 00:00 in Paris: day 10
    expect((await run()).cancelled).toContain(order.id);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("cancels once M days have passed even when no reminder went out (the job did not run)", async () => {
    const { customer, order } = await orderAt("2026-12-01T10:00:00Z");
    at("2026-12-20T10:00:00Z");
    expect((await run()).cancelled).toContain(order.id);
    expect(reminders(customer)).toHaveLength(0);
    expect((await stored(order.id))?.transfer_reminded_at).toBeUndefined();
  });
});

describe("an order paid meanwhile", () => {
  it("is never reminded nor cancelled once the owner marked its transfer received", async () => {
    const { customer, order, product } = await orderAt("2026-05-04T09:00:00Z");
    at("2026-05-05T09:00:00Z");
    const admin = await owner();
    const paid = await admin.call("PUT", `/api/admin/orders/${order.id}`, { payment_status: "completed" });
    expect(paid.status).toBe(200);
    for (const day of ["2026-05-10T09:00:00Z", "2026-05-15T09:00:00Z", "2026-06-30T09:00:00Z"]) {
      at(day);
      const result = await run();
      expect(result.reminded).not.toContain(order.id);
      expect(result.cancelled).not.toContain(order.id);
    }
    expect(await stored(order.id)).toMatchObject({ status: "confirmed", payment_status: "completed" });
    expect((await stored(order.id))?.transfer_reminded_at).toBeUndefined();
    expect(await stockOf(product.id)).toBe(9);
    expect(mailsTo(customer).filter((mail) => /Rappel|annulée/.test(mail.subject))).toHaveLength(0);
  });
});

describe("the owner's delays (Paramètres)", () => {
  const save = async (value: unknown) =>
    (await owner()).call("PUT", "/api/admin/settings/bank_transfer_follow_up", { value });

  it("refuses a cancellation that does not come after the reminder, in French, with the field named", async () => {
    const refused = await save({ remind_after_days: 7, cancel_after_days: 7 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: "VALIDATION",
      fields: { cancel_after_days: expect.stringMatching(/après la relance/) },
    });
    const notANumber = await save({ remind_after_days: null, cancel_after_days: 10 });
    expect(notANumber.status).toBe(400);
  });

  it("are listed with their defaults, and the job follows the saved ones", async () => {
    const listed = (await (await (await owner()).call("GET", "/api/admin/settings")).json()) as {
      setting_key: string;
      setting_value: unknown;
    }[];
    expect(listed.find((row) => row.setting_key === "bank_transfer_follow_up")?.setting_value).toEqual({
      remind_after_days: 5,
      cancel_after_days: 10,
    });
    const saved = await save({ remind_after_days: 2, cancel_after_days: 3 });
    expect(saved.status, await saved.clone().text()).toBe(200);
    try {
      const { customer, order } = await orderAt("2026-09-01T08:00:00Z");
      at("2026-09-03T08:00:00Z");
      expect((await run()).reminded).toContain(order.id);
      expect(reminders(customer)[0]?.text).toContain("la commande sera annulée le vendredi 4 septembre 2026");
      at("2026-09-04T08:00:00Z");
      expect((await run()).cancelled).toContain(order.id);
    } finally {
      await save({ remind_after_days: 5, cancel_after_days: 10 });
    }
  });
});

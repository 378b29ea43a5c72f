/**
 * Issue 31: « Créer l'étiquette » against a double of Colissimo's label service (tests/doubles/colissimo.ts), on
 * DynamoDB Local. A label is bought once whatever the clicks, refused labels come back in French and buy nothing,
 * the order ships through the lifecycle, and the owner prints one label or the day's labels as one PDF.
 */
import { readdirSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { orderEntity } from "../../functions/orders/entity";
import type { ObjectStorage } from "../../functions/platform/adapters/object-storage";
import { isSealed } from "../../functions/platform/adapters/secret-box";
import { getSetting } from "../../functions/settings/service";
import { putColissimoSetting } from "../../functions/shipping/colissimo-secrets";
import { shippingLabelEntity } from "../../functions/shipping/label-entity";
import { LABEL_CLAIM_MS } from "../../functions/shipping/labels/claim";
import type { Order } from "../../src/domain/orders/order";
import { formatLongDate } from "../../src/domain/orders/order-display";
import { parisDay } from "../../src/domain/paris-time";
import { defaultColissimoSetting } from "../../src/domain/settings/colissimo-setting";
import { publishedDeliveryEstimate } from "../../src/domain/shipping/delivery-estimate";
import { startColissimoDouble } from "../doubles/colissimo";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder, type TestCustomer } from "../support/customers";
import { type InjectedFaults, injectDbFaults } from "../support/db-faults";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";

// The shop's clock runs ahead when a test says so: « a minute later » without waiting a minute.
let ahead = 0;
let faults: InjectedFaults | undefined;
const ctx = await createTestContext({ now: () => new Date(Date.now() + ahead) });
const documents = ctx.deps.documents as ObjectStorage;
const storePdf = documents.put;
afterEach(() => {
  ahead = 0;
  faults?.remove();
  faults = undefined;
  documents.put = storePdf;
});
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const buyer = await createCustomer(ctx.deps, ctx.app);
const colissimo = await startColissimoDouble();
const soap = await createSoap(ctx.deps, { price: 10, stock: 500 });
const previousUrl = process.env.COLISSIMO_WS_URL;
process.env.COLISSIMO_WS_URL = colissimo.url;
afterAll(async () => {
  process.env.COLISSIMO_WS_URL = previousUrl;
  await colissimo.close();
});

/** A transfer order of `quantity` soaps, paid: « Confirmée », to prepare. */
async function paidOrder(quantity = 1, customer: TestCustomer = buyer): Promise<Order> {
  const order = await placeTransferOrder(customer, soap.id, quantity, 10 * quantity + 7.8);
  const paid = await admin.call("PUT", `/api/admin/orders/${order.id}`, { payment_status: "completed" });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return (await paid.json()) as Order;
}

const createLabel = (id: string) => admin.call("POST", `/api/admin/shipping/orders/${id}/label`);
/** The API's error answer: { error: the French message, code }. */
const errorOf = async (response: Response) => {
  const body = (await response.json()) as { error: string; code: string };
  return { code: body.code, message: body.error };
};

describe("before the Colissimo card is complete", () => {
  it("refuses with what is missing, and buys nothing", async () => {
    const order = await paidOrder();
    const response = await createLabel(order.id);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({
      code: "COLISSIMO_NOT_CONFIGURED",
      message:
        "Colissimo n'est pas configuré : il manque le numéro de contrat Colissimo, le mot de passe du contrat Colissimo. Complétez Paramètres.",
    });
    expect(colissimo.labels).toHaveLength(0);
  });
});

describe("with the contract", () => {
  beforeAll(async () => {
    await putColissimoSetting(ctx.deps, {
      ...defaultColissimoSetting,
      contract_number: colissimo.contractNumber,
      password: colissimo.password,
      packaging_g: 150,
    });
  });

  it("keeps the password sealed and shows the owner only a mask", async () => {
    const stored = await getSetting(ctx.deps, "shipping_colissimo");
    expect(isSealed(stored.password)).toBe(true);
    const response = await admin.call("GET", "/api/admin/settings");
    const rows = (await response.json()) as { setting_key: string; setting_value: Record<string, unknown> }[];
    const card = rows.find((row) => row.setting_key === "shipping_colissimo");
    expect(card?.setting_value.password).toMatch(/^[•●*]+$/);
    expect(JSON.stringify(rows)).not.toContain(colissimo.password);
  });

  it("buys the label, ships the order through the lifecycle and mails the tracking number", async () => {
    const order = await paidOrder(3);
    const bought = colissimo.labels.length;
    const response = await createLabel(order.id);
    expect(response.status, await response.clone().text()).toBe(201);
    const shipped = (await response.json()) as Order;
    expect(colissimo.labels).toHaveLength(bought + 1);
    const label = colissimo.labels.at(-1) as (typeof colissimo.labels)[number];
    expect(shipped).toMatchObject({
      status: "shipped",
      shipping_company: "Colissimo",
      tracking_number: label?.parcelNumber,
      has_shipping_label: true,
    });
    // What was asked: the soaps' 3 × 200 g and 150 g of packaging, to the order's frozen address, from the shop's.
    const letter = (label.request as { letter: Record<string, Record<string, unknown>> }).letter;
    expect(letter.parcel?.weight).toBe(0.75);
    expect(letter.service?.productCode).toBe("DOM");
    expect(letter.service?.orderNumber).toBe(order.order_number);
    expect(letter.addressee).toMatchObject({
      address: expect.objectContaining({
        lastName: order.shipping_address.last_name,
        zipCode: order.shipping_address.postal_code,
      }),
    });
    expect(letter.sender).toMatchObject({
      address: expect.objectContaining({ zipCode: "84000", city: "Avignon" }),
    });
    const mail = readMails(ctx.mailDir).find(
      (item) => item.to === buyer.email && item.text.includes(label?.parcelNumber ?? "?"),
    );
    expect(mail?.subject).toMatch(/est en route$/);

    const pdf = await admin.call("GET", `/api/admin/shipping/orders/${order.id}/label`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await pdf.arrayBuffer()).equals(Buffer.from(label?.pdf ?? []))).toBe(true);
  });

  it("gives the parcel an estimated delivery: the shop's published delay from the label's day, on the order and in the mail", async () => {
    const order = await paidOrder();
    const response = await createLabel(order.id);
    expect(response.status, await response.clone().text()).toBe(201);
    const shipped = (await response.json()) as Order;
    const expected = publishedDeliveryEstimate(parisDay(new Date()));
    expect(shipped.estimated_delivery).toBe(expected);
    const seen = (await (await buyer.call("GET", `/api/user/orders/${order.id}`)).json()) as Order;
    expect(seen.estimated_delivery).toBe(expected);
    const mail = readMails(ctx.mailDir).find(
      (item) => item.to === buyer.email && item.text.includes(shipped.tracking_number ?? "?"),
    );
    expect(mail?.text).toContain(`Livraison estimée : ${formatLongDate(expected)}`);
  });

  it("a second click hands back the label it has: nothing more is bought", async () => {
    const order = await paidOrder();
    expect((await createLabel(order.id)).status).toBe(201);
    const bought = colissimo.labels.length;
    const again = await createLabel(order.id);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Order).has_shipping_label).toBe(true);
    expect(colissimo.labels).toHaveLength(bought);
  });

  it("30 parallel clicks buy exactly one label", async () => {
    const order = await paidOrder();
    const bought = colissimo.labels.length;
    const answers = await Promise.all(Array.from({ length: 30 }, () => createLabel(order.id)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => [200, 201, 409].includes(status))).toBe(true);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(colissimo.labels).toHaveLength(bought + 1);
    for (const answer of answers.filter((item) => item.status === 409))
      expect((await errorOf(answer)).code).toBe("LABEL_IN_PROGRESS");
  });

  it("a refusal comes back in French beside the order, buys nothing, and the next click can succeed", async () => {
    const order = await paidOrder();
    colissimo.refuseNext("30220", "Le code postal du destinataire est invalide");
    const refused = await createLabel(order.id);
    expect(refused.status).toBe(422);
    const error = await errorOf(refused);
    expect(error.code).toBe("CARRIER_REFUSED");
    expect(error.message).toMatch(/^Colissimo a refusé l'étiquette/);
    const still = (await (await admin.call("GET", `/api/admin/orders?limit=50`)).json()) as {
      orders: Order[];
    };
    expect(still.orders.find((item) => item.id === order.id)).toMatchObject({
      status: "confirmed",
      has_shipping_label: false,
    });
    expect((await createLabel(order.id)).status).toBe(201);
  });

  it("a hostile refusal reaches the owner cleaned and bounded", async () => {
    const order = await paidOrder();
    const hostile = `Refus\u0000\u001b[2J<img src=x onerror=alert(1)>Rappelez le 08 99 00 00 00${"x".repeat(5017)}`;
    expect(hostile.length).toBe(5081);
    colissimo.refuseNext("30999", hostile);
    const refused = await createLabel(order.id);
    expect(refused.status).toBe(422);
    const { message } = await errorOf(refused);
    expect(message).toMatch(
      /^Colissimo a refusé l'étiquette : Refus\[2J Rappelez le 08 99 00 00 00x+… \(code 30999\)\.$/,
    );
    expect(message.length).toBeLessThan(400);
    expect(message).not.toMatch(/[\p{Cc}<>]/u);
  });

  it("Colissimo unreachable: 503 in French, nothing recorded, the next click can succeed", async () => {
    const order = await paidOrder();
    process.env.COLISSIMO_WS_URL = "http://127.0.0.1:9";
    try {
      const response = await createLabel(order.id);
      expect(response.status).toBe(503);
      expect((await errorOf(response)).code).toBe("CARRIER_UNAVAILABLE");
    } finally {
      process.env.COLISSIMO_WS_URL = colissimo.url;
    }
    expect((await createLabel(order.id)).status).toBe(201);
  });

  it("sends the contract only to La Poste's hosts", async () => {
    const order = await paidOrder();
    const bought = colissimo.labels.length;
    process.env.LAPOSTE_ALLOW_LOOPBACK = "0";
    try {
      const response = await createLabel(order.id);
      expect(response.status).toBe(503);
      expect((await errorOf(response)).message).toContain("https://ws.colissimo.fr");
    } finally {
      process.env.LAPOSTE_ALLOW_LOOPBACK = "1";
    }
    expect(colissimo.labels).toHaveLength(bought);
  });

  it("a claim left by a request that died is taken over; a fresh one is waited for", async () => {
    const stale = await paidOrder();
    await shippingLabelEntity(ctx.db)
      .create({
        order_id: stale.id,
        state: "buying",
        requested_at: new Date(Date.now() - 120_000).toISOString(),
      })
      .go();
    expect((await createLabel(stale.id)).status).toBe(201);
    const fresh = await paidOrder();
    await shippingLabelEntity(ctx.db)
      .create({ order_id: fresh.id, state: "buying", requested_at: new Date().toISOString() })
      .go();
    const waiting = await createLabel(fresh.id);
    expect(waiting.status).toBe(409);
    expect((await errorOf(waiting)).code).toBe("LABEL_IN_PROGRESS");
  });

  it("refuses an unpaid order, and a customer", async () => {
    const unpaid = await placeTransferOrder(buyer, soap.id, 1, 17.8);
    const response = await createLabel(unpaid.id);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({
      code: "ORDER_TRANSITION",
      message: expect.stringMatching(/pas encore payée/),
    });
    expect((await buyer.call("POST", `/api/admin/shipping/orders/${unpaid.id}/label`)).status).toBe(403);
    expect((await buyer.call("GET", `/api/admin/shipping/labels?date=${parisDay(new Date())}`)).status).toBe(
      403,
    );
  });

  it("prints the day's labels as one PDF, one page per label recorded on its order", async () => {
    const today = parisDay(new Date());
    const recorded = (await shippingLabelEntity(ctx.db).query.byDay({ day: today }).go({ pages: "all" }))
      .data;
    const response = await admin.call("GET", `/api/admin/shipping/labels?date=${today}`);
    expect(response.status).toBe(200);
    const merged = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    expect(recorded.length).toBeGreaterThanOrEqual(6);
    expect(merged.getPageCount()).toBe(recorded.filter((label) => label.state === "bought").length);
    const none = await admin.call("GET", "/api/admin/shipping/labels?date=2020-01-02");
    expect(none.status).toBe(404);
    expect((await errorOf(none)).message).toBe("Aucune étiquette créée le 2 janvier 2020.");
    expect((await admin.call("GET", "/api/admin/shipping/labels?date=hier")).status).toBe(400);
  });

  it("erasing the account removes its labels: they print the customer's name and address", async () => {
    const leaving = await createCustomer(ctx.deps, ctx.app);
    const order = await paidOrder(1, leaving);
    expect((await createLabel(order.id)).status).toBe(201);
    const label = await admin.call("GET", `/api/admin/shipping/orders/${order.id}/label`);
    expect(label.status).toBe(200);
    const delivered = await admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "delivered" });
    expect(delivered.status, await delivered.clone().text()).toBe(200);
    const { data: stored } = await orderEntity(ctx.db).get({ id: order.id }).go();
    const key = stored?.shipping_label_key ?? "";
    expect(await ctx.deps.documents?.get(key)).not.toBeNull();

    const erased = await leaving.call("POST", "/api/user/account/delete", { password: "secret12" });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect(await ctx.deps.documents?.get(key)).toBeNull();
    const { data: after } = await orderEntity(ctx.db).get({ id: order.id }).go();
    expect(after?.shipping_label_key).toBeUndefined();
    expect(after?.tracking_number).toBe(stored?.tracking_number);
    expect((await admin.call("GET", `/api/admin/shipping/orders/${order.id}/label`)).status).toBe(404);
  });
});

describe("a label Colissimo sold is never lost, nor bought twice", () => {
  const lastLabel = () => colissimo.labels.at(-1) as (typeof colissimo.labels)[number];
  const labelOf = (id: string) => admin.call("GET", `/api/admin/shipping/orders/${id}/label`);
  const samePdf = async (response: Response, pdf: Uint8Array) =>
    Buffer.from(await response.arrayBuffer()).equals(Buffer.from(pdf));

  it("the PDF cannot be stored: 503 naming the parcel; the next click stores it and ships, buying nothing", async () => {
    const order = await paidOrder();
    const bought = colissimo.labels.length;
    documents.put = async () => {
      throw Object.assign(new Error("EIO: i/o error, write"), { code: "EIO" });
    };
    const failed = await createLabel(order.id);
    documents.put = storePdf;
    expect(failed.status, await failed.clone().text()).toBe(503);
    expect(colissimo.labels).toHaveLength(bought + 1);
    const label = lastLabel();
    expect(await errorOf(failed)).toEqual({
      code: "LABEL_NOT_KEPT",
      message: expect.stringMatching(new RegExp(`n° ${label.parcelNumber} .*elle ne sera pas rachetée\\.$`)),
    });

    ahead = 2 * LABEL_CLAIM_MS;
    const again = await createLabel(order.id);
    expect(again.status, await again.clone().text()).toBe(201);
    expect(colissimo.labels).toHaveLength(bought + 1);
    expect(await again.json()).toMatchObject({
      status: "shipped",
      tracking_number: label.parcelNumber,
      has_shipping_label: true,
    });
    expect(await samePdf(await labelOf(order.id), label.pdf)).toBe(true);
    // Stored now: the label item holds its key again, not the PDF.
    const { data: item } = await shippingLabelEntity(ctx.db).get({ order_id: order.id }).go();
    expect(item).toMatchObject({ state: "bought", parcel_number: label.parcelNumber });
    expect(item?.pdf).toBeUndefined();
  });

  it("neither the storage nor the database answers: the owner is given the number and told not to buy again", async () => {
    const order = await paidOrder();
    documents.put = async () => {
      faults ??= injectDbFaults(ctx.db, { kinds: ["timeout"], commands: ["UpdateItemCommand"] });
      throw Object.assign(new Error("EIO: i/o error, write"), { code: "EIO" });
    };
    const failed = await createLabel(order.id);
    expect(failed.status, await failed.clone().text()).toBe(503);
    expect(await errorOf(failed)).toEqual({
      code: "LABEL_NOT_KEPT",
      message: expect.stringMatching(
        new RegExp(
          `n° ${lastLabel().parcelNumber} .*ne la recréez pas\\. Imprimez-la depuis votre espace Colissimo`,
        ),
      ),
    });
  });

  it("the label cannot be recorded: 503 naming the parcel; a minute later it is recorded, not bought again", async () => {
    const order = await paidOrder();
    const bought = colissimo.labels.length;
    // The database stops answering writes once the PDF is stored: between Colissimo's sale and its record.
    documents.put = async (...args) => {
      documents.put = storePdf;
      await storePdf(...args);
      faults = injectDbFaults(ctx.db, { kinds: ["timeout"], commands: ["UpdateItemCommand"] });
    };
    const failed = await createLabel(order.id);
    faults?.remove();
    expect(failed.status, await failed.clone().text()).toBe(503);
    const label = lastLabel();
    expect(await errorOf(failed)).toEqual({
      code: "LABEL_NOT_KEPT",
      message: expect.stringMatching(new RegExp(`n° ${label.parcelNumber} .*elle ne sera pas rachetée\\.$`)),
    });

    ahead = 2 * LABEL_CLAIM_MS;
    const again = await createLabel(order.id);
    expect(again.status, await again.clone().text()).toBe(201);
    expect(colissimo.labels).toHaveLength(bought + 1);
    expect(await again.json()).toMatchObject({ status: "shipped", tracking_number: label.parcelNumber });
    expect(await samePdf(await labelOf(order.id), label.pdf)).toBe(true);
  });

  it("a parcel number that is not one never becomes a storage key: 503 in French, nothing kept", async () => {
    const order = await paidOrder();
    colissimo.sellNextAs("../../../../evil");
    const response = await createLabel(order.id);
    expect(response.status, await response.clone().text()).toBe(503);
    expect((await errorOf(response)).message).toMatch(/^La réponse de Colissimo est illisible/);
    const files = readdirSync(ctx.documentsDir, { recursive: true }).map(String);
    expect(files.some((file) => file.includes("evil"))).toBe(false);
    const { data } = await orderEntity(ctx.db).get({ id: order.id }).go();
    expect(data).toMatchObject({ status: "confirmed" });
    expect(data?.tracking_number).toBeUndefined();
  });

  it("a label bought while the order was cancelled can be downloaded", async () => {
    const order = await paidOrder();
    // The owner cancels from another tab while Colissimo sells the label.
    documents.put = async (...args) => {
      documents.put = storePdf;
      const cancelled = await admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "cancelled" });
      expect(cancelled.status, await cancelled.clone().text()).toBe(200);
      await storePdf(...args);
    };
    const response = await createLabel(order.id);
    expect(response.status, await response.clone().text()).toBe(409);
    const label = lastLabel();
    expect(await response.clone().json()).toMatchObject({
      code: "ORDER_TRANSITION",
      parcel_number: label.parcelNumber,
    });
    expect((await errorOf(response)).message).toContain(label.parcelNumber);
    const pdf = await labelOf(order.id);
    expect(pdf.status, await pdf.clone().text()).toBe(200);
    expect(await samePdf(pdf, label.pdf)).toBe(true);
  });

  it("erasing the account also removes a label bought while its order was cancelled", async () => {
    const leaving = await createCustomer(ctx.deps, ctx.app);
    const order = await paidOrder(1, leaving);
    documents.put = async (...args) => {
      documents.put = storePdf;
      await admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "cancelled" });
      await storePdf(...args);
    };
    expect((await createLabel(order.id)).status).toBe(409);
    const key = `labels/${order.id}/${lastLabel().parcelNumber}.pdf`;
    expect(await documents.get(key)).not.toBeNull();
    const erased = await leaving.call("POST", "/api/user/account/delete", { password: "secret12" });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect(await documents.get(key)).toBeNull();
    expect((await labelOf(order.id)).status).toBe(404);
  });
});

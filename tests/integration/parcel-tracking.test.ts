/**
 * Issue 31: the tracking job against a double of La Poste's « Suivi » v2 API (tests/doubles/colissimo.ts), on
 * DynamoDB Local. The events are recorded on the order, a delivery moves it to « Livrée » dated by the carrier (the
 * withdrawal period counts from that date), a silent parcel reaches the owner's to-do list, and a refused key stops
 * the run in French.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { orderEntity } from "../../functions/orders/entity";
import { putColissimoSetting } from "../../functions/shipping/colissimo-secrets";
import { trackParcels } from "../../functions/shipping/tracking";
import type { OwnerTodo } from "../../src/domain/admin/owner-todo/list";
import type { Order } from "../../src/domain/orders/order";
import { parisDay } from "../../src/domain/paris-time";
import { defaultColissimoSetting } from "../../src/domain/settings/colissimo-setting";
import { publishedDeliveryEstimate } from "../../src/domain/shipping/delivery-estimate";
import {
  endOfParisDayAfter,
  WITHDRAWAL_DAYS,
  withdrawalWindow,
} from "../../src/domain/withdrawals/withdrawal";
import { startColissimoDouble } from "../doubles/colissimo";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder } from "../support/customers";
import { createSoap } from "../support/products";

// The shop's clock runs ahead of the double's (real) time when a test says so: a parcel labelled now is then
// followed over the next days, as the carrier would date its events.
let ahead = 0;
const ctx = await createTestContext({ now: () => new Date(Date.now() + ahead) });
afterEach(() => {
  ahead = 0;
});
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const buyer = await createCustomer(ctx.deps, ctx.app);
const laposte = await startColissimoDouble();
const soap = await createSoap(ctx.deps, { price: 10, stock: 500 });
const previous = { ws: process.env.COLISSIMO_WS_URL, api: process.env.LAPOSTE_API_URL };
process.env.COLISSIMO_WS_URL = laposte.url;
process.env.LAPOSTE_API_URL = laposte.url;
afterAll(async () => {
  process.env.COLISSIMO_WS_URL = previous.ws;
  process.env.LAPOSTE_API_URL = previous.api;
  await laposte.close();
});

const DAY = 86_400_000;
/** A day after the label was made (the double dates its first event, DR1, at the label's creation). */
const laterBy = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const contract = {
  ...defaultColissimoSetting,
  contract_number: laposte.contractNumber,
  password: laposte.password,
  api_key: laposte.apiKey,
};

/** A paid order shipped with its Colissimo label: « Expédiée », its parcel known to the double. */
async function shippedOrder(): Promise<Order> {
  const order = await placeTransferOrder(buyer, soap.id, 1, 17.8);
  expect(
    (await admin.call("PUT", `/api/admin/orders/${order.id}`, { payment_status: "completed" })).status,
  ).toBe(200);
  const labelled = await admin.call("POST", `/api/admin/shipping/orders/${order.id}/label`);
  expect(labelled.status, await labelled.clone().text()).toBe(201);
  return (await labelled.json()) as Order;
}

const orderOf = async (id: string) => {
  const { data } = await orderEntity(ctx.db).get({ id }).go();
  if (!data) throw new Error(`no order ${id}`);
  return data;
};

describe("without La Poste's API key", () => {
  it("does nothing: the owner marks deliveries herself, as before", async () => {
    await putColissimoSetting(ctx.deps, { ...contract, api_key: "" });
    await shippedOrder();
    const calls = laposte.trackingCalls.length;
    expect(await trackParcels(ctx.deps)).toEqual({ asked: 0, updated: 0, delivered: 0, failed: 0, left: 0 });
    expect(laposte.trackingCalls).toHaveLength(calls);
  });
});

describe("with the key", () => {
  beforeAll(async () => {
    await putColissimoSetting(ctx.deps, contract);
  });

  it("records the events, then delivers the order with the carrier's date, from which the withdrawal counts", async () => {
    const order = await shippedOrder();
    const parcel = order.tracking_number ?? "";
    const takenAt = laterBy(1);
    laposte.track(parcel, "PC1", takenAt);
    ahead = 5 * DAY;
    await trackParcels(ctx.deps);
    const moving = await orderOf(order.id);
    expect(moving.status).toBe("shipped");
    expect(moving.tracking_events?.map(({ code }) => code)).toEqual(["DR1", "PC1"]);
    // La Poste's own French sentence, and its date (to the second, as La Poste gives it).
    expect(moving.tracking_events?.[1]).toEqual({
      code: "PC1",
      label: "Votre colis a été déposé dans un point postal.",
      at: `${takenAt.slice(0, 19)}.000Z`,
    });

    // Nothing new: nothing written (the owner's open form on it stays current).
    await trackParcels(ctx.deps);
    expect((await orderOf(order.id)).version).toBe(moving.version);

    const deliveredAt = laterBy(2);
    laposte.track(parcel, "DI1", deliveredAt);
    const run = await trackParcels(ctx.deps);
    expect(run.delivered).toBeGreaterThanOrEqual(1);
    const delivered = await orderOf(order.id);
    expect(delivered.status).toBe("delivered");
    const carrierDate = `${deliveredAt.slice(0, 19)}.000Z`;
    expect(delivered.status_history.at(-1)).toEqual({ status: "delivered", at: carrierDate });
    expect(delivered.tracking_events?.map(({ code }) => code)).toEqual(["DR1", "PC1", "DI1"]);
    // The 14 days count from the carrier's date, not from the run that read it.
    const window = withdrawalWindow({ ...delivered, lines: [] } as never, new Date(Date.now() + ahead));
    expect(window.delivered_at).toBe(carrierDate);
    expect(window.deadline).toBe(endOfParisDayAfter(new Date(carrierDate), WITHDRAWAL_DAYS).toISOString());

    // Delivered orders are not asked about again.
    const calls = laposte.trackingCalls.filter(({ idShip }) => idShip === parcel).length;
    await trackParcels(ctx.deps);
    expect(laposte.trackingCalls.filter(({ idShip }) => idShip === parcel)).toHaveLength(calls);
  });

  it("takes La Poste's estimated delivery when it gives one, and the shop's published delay until then", async () => {
    const order = await shippedOrder();
    const parcel = order.tracking_number ?? "";
    const published = publishedDeliveryEstimate(parisDay(new Date()));
    expect((await orderOf(order.id)).estimated_delivery).toBe(published);
    // La Poste says nothing of a date: the published one stays, and nothing more is written.
    await trackParcels(ctx.deps);
    const before = await orderOf(order.id);
    await trackParcels(ctx.deps);
    expect(await orderOf(order.id)).toMatchObject({ version: before.version, estimated_delivery: published });

    const carrierDay = parisDay(new Date(Date.now() + 6 * DAY));
    laposte.estimate(parcel, carrierDay);
    await trackParcels(ctx.deps);
    const estimated = await orderOf(order.id);
    expect(estimated.estimated_delivery).toBe(carrierDay);
    const seen = (await (await buyer.call("GET", `/api/user/orders/${order.id}`)).json()) as Order;
    expect(seen.estimated_delivery).toBe(carrierDay);
    // The same estimate again: nothing written.
    await trackParcels(ctx.deps);
    expect((await orderOf(order.id)).version).toBe(estimated.version);
  });

  it("gives a parcel labelled without an estimate the published one, counted from its label's day", async () => {
    const order = await shippedOrder();
    await orderEntity(ctx.db).patch({ id: order.id }).remove(["estimated_delivery"]).go();
    const shippedAt = (await orderOf(order.id)).status_history.at(-1)?.at ?? "";
    ahead = 2 * DAY;
    await trackParcels(ctx.deps);
    expect((await orderOf(order.id)).estimated_delivery).toBe(
      publishedDeliveryEstimate(parisDay(new Date(shippedAt))),
    );
  });

  it("never dates a delivery before the shipping, nor in the future", async () => {
    const order = await shippedOrder();
    const shippedAt = (await orderOf(order.id)).status_history.at(-1)?.at ?? "";
    laposte.track(order.tracking_number ?? "", "DI1", new Date(Date.parse(shippedAt) - DAY).toISOString());
    await trackParcels(ctx.deps);
    expect((await orderOf(order.id)).status_history.at(-1)).toEqual({ status: "delivered", at: shippedAt });
    const future = await shippedOrder();
    laposte.track(future.tracking_number ?? "", "DI1", laterBy(3));
    await trackParcels(ctx.deps);
    const now = Date.parse((await orderOf(future.id)).status_history.at(-1)?.at ?? "");
    expect(now).toBeLessThanOrEqual(Date.now());
    expect(now).toBeGreaterThan(Date.now() - 60_000);
  });

  it("leaves an order the owner cancelled or delivered meanwhile as she left it", async () => {
    const order = await shippedOrder();
    expect((await admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "delivered" })).status).toBe(
      200,
    );
    const byHand = await orderOf(order.id);
    laposte.track(order.tracking_number ?? "", "DI1", laterBy(1));
    ahead = 2 * DAY;
    await trackParcels(ctx.deps);
    expect((await orderOf(order.id)).status_history).toEqual(byHand.status_history);
  });

  it("puts a parcel without news for 7 days on the owner's to-do list", async () => {
    const order = await shippedOrder();
    const parcel = order.tracking_number ?? "";
    laposte.track(parcel, "PC1", laterBy(1));
    ahead = 11 * DAY + 3_600_000;
    await trackParcels(ctx.deps);
    const todo = (await (await admin.call("GET", "/api/admin/todo")).json()) as OwnerTodo;
    expect(todo.stuck_parcels.find((item) => item.order_id === order.id)).toMatchObject({
      tracking_number: parcel,
      carrier: "Colissimo",
      last_event: "Votre colis a été déposé dans un point postal.",
      days_without_news: 10,
    });
  });

  it("stops in French when La Poste refuses the key; the next run with a good key goes on", async () => {
    await shippedOrder();
    await putColissimoSetting(ctx.deps, { ...contract, api_key: "une-cle-refusee" });
    await expect(trackParcels(ctx.deps)).rejects.toMatchObject({ code: "COLISSIMO_NOT_CONFIGURED" });
    await putColissimoSetting(ctx.deps, contract);
    await expect(trackParcels(ctx.deps)).resolves.toMatchObject({ failed: 0 });
  });

  it("shows the events to the customer, in French", async () => {
    const order = await shippedOrder();
    laposte.track(order.tracking_number ?? "", "PC1", laterBy(1));
    ahead = 2 * DAY;
    await trackParcels(ctx.deps);
    const response = await buyer.call("GET", `/api/user/orders/${order.id}`);
    expect(response.status).toBe(200);
    const seen = (await response.json()) as Order;
    expect(seen.tracking_events.map(({ code }) => code)).toEqual(["DR1", "PC1"]);
    expect(seen.tracking_events.map(({ label }) => label)).toEqual([
      "Votre Colissimo va bientôt nous être confié ! Il est en cours de préparation chez votre expéditeur.",
      "Votre colis a été déposé dans un point postal.",
    ]);
  });

  it("keeps a hostile event's text cleaned and bounded", async () => {
    const order = await shippedOrder();
    const hostile = `Colis\u0000 retenu\u001b[31m <a href="https://x.example">payez ici</a> ${"z".repeat(2970)}`;
    expect(hostile.length).toBe(3031);
    laposte.track(order.tracking_number ?? "", "PB1", laterBy(1), hostile);
    ahead = 2 * DAY;
    await trackParcels(ctx.deps);
    const label = (await orderOf(order.id)).tracking_events?.at(-1)?.label ?? "";
    expect(label).toMatch(/^Colis retenu\[31m payez ici z+…$/);
    expect(Array.from(label).length).toBeLessThanOrEqual(200);
    expect(label).not.toMatch(/[\p{Cc}<>]/u);
  });
});

describe("the owner's « Actualiser le suivi »", () => {
  beforeAll(async () => {
    await putColissimoSetting(ctx.deps, contract);
  });
  const refresh = (id: string) => admin.call("POST", `/api/admin/shipping/orders/${id}/tracking`);
  const refreshAll = () => admin.call("POST", "/api/admin/shipping/tracking");
  type Refreshed = { order: Order; message: string };

  it("reads one order's parcel now, as the schedule does, and says what changed", async () => {
    const order = await shippedOrder();
    const parcel = order.tracking_number ?? "";
    laposte.track(parcel, "PC1", new Date().toISOString());
    const calls = laposte.trackingCalls.length;
    const response = await refresh(order.id);
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as Refreshed;
    expect(laposte.trackingCalls.slice(calls)).toEqual([{ idShip: parcel, keyAccepted: true }]);
    expect(body.order.tracking_events.map(({ code }) => code)).toEqual(["DR1", "PC1"]);
    expect(body.message).toBe("Suivi actualisé : nouvelles informations de La Poste enregistrées.");
    expect((await orderOf(order.id)).tracking_events?.map(({ code }) => code)).toEqual(["DR1", "PC1"]);

    const again = (await (await refresh(order.id)).json()) as Refreshed;
    expect(again.message).toBe("Suivi actualisé : rien de nouveau depuis la dernière lecture.");

    laposte.track(parcel, "DI1", new Date().toISOString());
    const delivered = (await (await refresh(order.id)).json()) as Refreshed;
    expect(delivered.order.status).toBe("delivered");
    expect(delivered.message).toBe(
      "Suivi actualisé : le colis est livré, la commande est passée à « Livrée ».",
    );
  });

  it("refuses in French an order with no Colissimo parcel on its way, a customer, and a missing key", async () => {
    const unshipped = await placeTransferOrder(buyer, soap.id, 1, 17.8);
    const refused = await refresh(unshipped.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "ORDER_TRANSITION",
      error:
        "Seule une commande expédiée par Colissimo, avec son numéro de suivi, a un suivi La Poste à lire.",
    });
    expect((await refresh("01ZZZZZZZZZZZZZZZZZZZZZZZZ")).status).toBe(404);
    const order = await shippedOrder();
    expect((await buyer.call("POST", `/api/admin/shipping/orders/${order.id}/tracking`)).status).toBe(403);
    expect((await buyer.call("POST", "/api/admin/shipping/tracking")).status).toBe(403);

    await putColissimoSetting(ctx.deps, { ...contract, api_key: "" });
    for (const response of [await refresh(order.id), await refreshAll()]) {
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        code: "COLISSIMO_NOT_CONFIGURED",
        error:
          "Le suivi La Poste n'est pas configuré : saisissez la clé d'API La Poste dans la carte « Colissimo » de Paramètres.",
      });
    }
    await putColissimoSetting(ctx.deps, { ...contract, api_key: "une-cle-refusee" });
    const badKey = await refresh(order.id);
    expect(badKey.status).toBe(409);
    expect(((await badKey.json()) as { error: string }).error).toMatch(/^La Poste refuse la clé/);
    await putColissimoSetting(ctx.deps, contract);
  });

  it("reads every open parcel now, as the schedule does, and counts what changed", async () => {
    const first = await shippedOrder();
    const second = await shippedOrder();
    laposte.track(first.tracking_number ?? "", "PC1", new Date().toISOString());
    laposte.track(second.tracking_number ?? "", "DI1", new Date().toISOString());
    const response = await refreshAll();
    expect(response.status, await response.clone().text()).toBe(200);
    const run = (await response.json()) as {
      asked: number;
      delivered: number;
      left: number;
      message: string;
    };
    expect(run.asked).toBeGreaterThanOrEqual(2);
    expect(run.delivered).toBeGreaterThanOrEqual(1);
    expect(run.left).toBe(0);
    expect(run.message).toMatch(
      /^\d+ colis interrogés auprès de La Poste : \d+ mis à jour, dont \d+ livrés?\.$/,
    );
    expect((await orderOf(first.id)).tracking_events?.map(({ code }) => code)).toEqual(["DR1", "PC1"]);
    expect((await orderOf(second.id)).status).toBe("delivered");
  });

  it("past its time, asks no more parcels and leaves them to the schedule", async () => {
    await shippedOrder();
    const calls = laposte.trackingCalls.length;
    const run = await trackParcels(ctx.deps, { budgetMs: -1 });
    expect(run).toMatchObject({ asked: 0, updated: 0 });
    expect(run.left).toBeGreaterThanOrEqual(1);
    expect(laposte.trackingCalls).toHaveLength(calls);
  });
});

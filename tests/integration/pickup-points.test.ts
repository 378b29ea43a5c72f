/**
 * Issue 31: delivery to a pick-up point, on DynamoDB Local, against the double of La Poste's pick-up points service
 * (tests/doubles/colissimo.ts). The search is offered only with the Colissimo contract, counted per client address,
 * and what it found is the only thing an order may name; the order is priced with the pick-up price, keeps the point
 * and the customer's mobile, and its label is a « point retrait » parcel for that point.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEntity } from "../../functions/orders/entity";
import { pickupPointEntity } from "../../functions/orders/pickup-point-entity";
import { PAYPAL_SECRET_CONTEXT } from "../../functions/platform/adapters/secret-contexts";
import { getSetting, putSetting } from "../../functions/settings/service";
import { putColissimoSetting } from "../../functions/shipping/colissimo-secrets";
import type { OwnerTodo } from "../../src/domain/admin/owner-todo/list";
import type { Order } from "../../src/domain/orders/order";
import type { PickupPoint } from "../../src/domain/orders/pickup-point";
import { parisDay } from "../../src/domain/paris-time";
import { rateLimits } from "../../src/domain/rate-limit";
import { defaultColissimoSetting } from "../../src/domain/settings/colissimo-setting";
import { defaultSettings } from "../../src/domain/settings/settings";
import { parsePickupSearchResponse, pickupShippingDate } from "../../src/domain/shipping/laposte-pickup";
import { PICKUP_EMPTY_POSTAL_CODE, pickupPointsFor, startColissimoDouble } from "../doubles/colissimo";
import { createTestContext } from "../setup/test-db";
import { createCustomer } from "../support/customers";
import { withPaypalDouble } from "../support/paypal";
import { createSoap } from "../support/products";

// Today, as the label double checks the deposit date against its own clock; moved by the tests that need it.
let now = Date.now();
const ctx = await createTestContext({ now: () => new Date(now) });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const buyer = await createCustomer(ctx.deps, ctx.app);
const colissimo = await startColissimoDouble();
const paypal = withPaypalDouble(ctx.deps);
const soap = await createSoap(ctx.deps, { price: 10, stock: 500 });
const previousUrl = process.env.COLISSIMO_WS_URL;
process.env.COLISSIMO_WS_URL = colissimo.url;
afterAll(async () => {
  process.env.COLISSIMO_WS_URL = previousUrl;
  await colissimo.close();
});

async function search(postalCode: string, city?: string): Promise<Response> {
  const query = new URLSearchParams({ postal_code: postalCode, ...(city && { city }) });
  return ctx.app.request(`/api/shipping/pickup-points?${query}`);
}
async function pointsNear(postalCode: string): Promise<PickupPoint[]> {
  const response = await search(postalCode);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { points: PickupPoint[] }).points;
}
const errorOf = async (response: Response) => {
  const body = (await response.json()) as { error: string; code: string };
  return { code: body.code, message: body.error };
};

/** A bank-transfer order of `quantity` soaps (10 € each) to a pick-up point. */
function pickupOrder(pointId: string, total: number, more: Record<string, unknown> = {}) {
  return buyer.call("POST", "/api/orders", {
    items: [{ product_id: soap.id, quantity: 1 }],
    shipping_address_id: buyer.addressId,
    total_amount: total,
    payment_method: "bank_transfer",
    transfer_sender_name: "Lina Moreau",
    delivery_mode: "pickup",
    pickup_point_id: pointId,
    pickup_phone: "06 71 82 93 04",
    ...more,
  });
}
const checkoutSettings = async () =>
  (await (await ctx.app.request("/api/settings/checkout")).json()) as {
    pickup: { cost: number; free_shipping_threshold: number } | null;
  };

describe("while the Colissimo card is incomplete", () => {
  it("offers no pick-up point: not at checkout, not in the search, not in an order", async () => {
    expect((await checkoutSettings()).pickup).toBeNull();
    const response = await search("13001");
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({
      code: "PICKUP_NOT_OFFERED",
      message: "La livraison en point relais n'est pas proposée pour le moment.",
    });
    const order = await pickupOrder("130011", 15.9);
    expect(order.status).toBe(409);
    expect((await errorOf(order)).code).toBe("PICKUP_NOT_OFFERED");
    expect(colissimo.pickupRequests).toHaveLength(0);
  });
});

describe("with the contract", () => {
  beforeAll(async () => {
    await putColissimoSetting(ctx.deps, {
      ...defaultColissimoSetting,
      contract_number: colissimo.contractNumber,
      password: colissimo.password,
    });
    await putSetting(ctx.deps, "shipping", {
      ...defaultSettings.shipping,
      pickup_cost: 4.9,
      pickup_free_shipping_threshold: 40,
    });
  });

  it("the checkout and the public shipping settings offer it with its own price and threshold", async () => {
    expect((await checkoutSettings()).pickup).toEqual({ cost: 4.9, free_shipping_threshold: 40 });
    const shipping = await (await ctx.app.request("/api/settings/shipping")).json();
    expect(shipping).toEqual({
      standard_cost: 7.8,
      free_shipping_threshold: 100,
      pickup: { cost: 4.9, free_shipping_threshold: 40 },
    });
  });

  it("finds La Poste's points near a postal code, asked with the contract, without the closed ones", async () => {
    const points = await pointsNear("13001");
    const request = colissimo.pickupRequests.at(-1) as Record<string, string>;
    expect(request).toMatchObject({
      accountNumber: colissimo.contractNumber,
      password: colissimo.password,
      zipCode: "13001",
      countryCode: "FR",
      shippingDate: pickupShippingDate(parisDay(new Date(now))),
      filterRelay: "1",
    });
    const expected = parsePickupSearchResponse({
      errorCode: 0,
      errorMessage: "",
      listePointRetraitAcheminement: pickupPointsFor("13001"),
    });
    expect(expected.kind).toBe("points");
    expect(points).toEqual(expected.kind === "points" ? expected.points : []);
    expect(points.length).toBeGreaterThan(1);
    expect(points.length).toBeLessThan(pickupPointsFor("13001").length);
    expect(points.every((point) => point.postal_code === "13001")).toBe(true);
  });

  it("sends the city when it is given, and refuses a postal code that is not one before asking La Poste", async () => {
    await pointsNear("84000");
    await search("13001", "Marseille");
    expect((colissimo.pickupRequests.at(-1) as Record<string, string>).city).toBe("Marseille");
    const asked = colissimo.pickupRequests.length;
    const bad = await ctx.app.request("/api/shipping/pickup-points?postal_code=1300");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: "VALIDATION",
      fields: { postal_code: "Le code postal compte 5 chiffres." },
    });
    expect(colissimo.pickupRequests).toHaveLength(asked);
  });

  it("answers no point as an empty list", async () => {
    expect(await pointsNear(PICKUP_EMPTY_POSTAL_CODE)).toEqual([]);
  });

  it("says in French that La Poste does not answer, and places nothing", async () => {
    colissimo.failNextPickupSearch();
    const response = await search("13001");
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toEqual({
      code: "CARRIER_UNAVAILABLE",
      message:
        "La recherche de points relais ne répond pas : réessayez dans un instant, ou choisissez la livraison à domicile.",
    });
  });

  it("keeps a hostile point's name and address cleaned and bounded, in the answer, the table and the order", async () => {
    const long = (start: string) => `${start}\u0000\u001b[2J<b>${"W".repeat(500)}</b>`;
    colissimo.alterNextPickupPoints((points) =>
      points.map((point, n) =>
        n === 0
          ? {
              ...point,
              nom: long("Relais"),
              adresse1: long("1 rue"),
              adresse2: long("Bât"),
              localite: long("Ville"),
              horairesOuvertureLundi: Array.from({ length: 500 }, () => "09:00-12:00").join(" "),
            }
          : point,
      ),
    );
    const [point] = await pointsNear("13002");
    if (!point) throw new Error("no point");
    const texts = [point.name, point.address_line1, point.address_line2 ?? "", point.city];
    for (const text of texts) {
      expect(Array.from(text).length).toBeLessThanOrEqual(64);
      expect(text).not.toMatch(/[\p{Cc}<>]/u);
    }
    expect(point.name).toMatch(/^Relais\[2J W+…$/);
    expect(point.opening_hours[0]?.length).toBeLessThanOrEqual(4);
    const { data: kept } = await pickupPointEntity(ctx.db).get({ id: point.id }).go();
    expect(kept?.name).toBe(point.name);
    const response = await pickupOrder(point.id, 14.9);
    expect(response.status, await response.clone().text()).toBe(201);
    const { order } = (await response.json()) as { order: Order };
    expect(order.pickup_point?.name).toBe(point.name);
  });

  it("places an order for a point found, priced with the pick-up price, with the point and the mobile", async () => {
    const point = (await pointsNear("13001"))[1] as PickupPoint;
    const response = await pickupOrder(point.id, 14.9);
    expect(response.status, await response.clone().text()).toBe(201);
    const { order } = (await response.json()) as { order: Order };
    expect(order).toMatchObject({ shipping_amount: 4.9, total_amount: 14.9, free_shipping_threshold: 40 });
    expect(order.delivery_mode).toBe("pickup");
    const { distance_m: _distance, ...kept } = point;
    expect(order.pickup_point).toEqual({ ...kept, phone: "+33671829304" });
    // The customer reads it back, and so does the owner.
    const mine = (await (await buyer.call("GET", `/api/user/orders/${order.id}`)).json()) as Order;
    expect(mine.pickup_point?.name).toBe(point.name);
    const list = (await (await admin.call("GET", "/api/admin/orders?limit=5")).json()) as { orders: Order[] };
    expect(list.orders.find((item) => item.id === order.id)?.pickup_point?.id).toBe(point.id);
  });

  it("a PayPal order tells PayPal the point's address as where the parcel goes", async () => {
    const point = (await pointsNear("13001"))[3] as PickupPoint;
    const response = await buyer.call("POST", "/api/paypal-payment/create-order", {
      items: [{ product_id: soap.id, quantity: 1 }],
      shipping_address_id: buyer.addressId,
      total_amount: 14.9,
      amount: "14.90",
      currency: "EUR",
      delivery_mode: "pickup",
      pickup_point_id: point.id,
      pickup_phone: "06 71 82 93 04",
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const unit = paypal.double.orders.get(id)?.request.purchase_units[0] as {
      shipping?: { name: { full_name: string }; address: Record<string, string> };
    };
    expect(unit.shipping).toEqual({
      name: { full_name: "Lina Moreau" },
      address: {
        address_line_1: point.address_line1,
        ...(point.address_line2 && { address_line_2: point.address_line2 }),
        admin_area_2: point.city,
        postal_code: point.postal_code,
        country_code: "FR",
      },
    });
  });

  it("a home order is as before", async () => {
    const response = await buyer.call("POST", "/api/orders", {
      items: [{ product_id: soap.id, quantity: 1 }],
      shipping_address_id: buyer.addressId,
      total_amount: 17.8,
      payment_method: "bank_transfer",
      transfer_sender_name: "Lina Moreau",
    });
    expect(response.status).toBe(201);
    const { order } = (await response.json()) as { order: Order };
    expect(order).toMatchObject({ delivery_mode: "home", pickup_point: null, shipping_amount: 7.8 });
  });

  it("refuses a point no search found, the home price, a missing mobile", async () => {
    const forged = await pickupOrder("ZZ9999", 14.9);
    expect(forged.status).toBe(422);
    expect(await errorOf(forged)).toEqual({
      code: "PICKUP_POINT_UNKNOWN",
      message: "Ce point relais n'est plus proposé : veuillez faire une nouvelle recherche et en choisir un.",
    });
    const point = (await pointsNear("13001"))[0] as PickupPoint;
    const homePrice = await pickupOrder(point.id, 17.8);
    expect(homePrice.status).toBe(409);
    expect(await homePrice.json()).toMatchObject({
      code: "PRICE_CHANGED",
      totals: { shipping_amount: 4.9, total_amount: 14.9 },
    });
    const landline = await pickupOrder(point.id, 14.9, { pickup_phone: "04 91 00 00 00" });
    expect(landline.status).toBe(400);
    expect((await errorOf(landline)).message).toContain("numéro de portable");
    const noPoint = await pickupOrder(point.id, 14.9, { pickup_point_id: null });
    expect(noPoint.status).toBe(400);
    expect((await errorOf(noPoint)).message).toBe("Veuillez choisir un point relais");
  });

  it("refuses a point found more than a day ago", async () => {
    const point = (await pointsNear("13001"))[2] as PickupPoint;
    now += 24 * 3600_000 + 1000;
    try {
      const stale = await pickupOrder(point.id, 14.9);
      expect(stale.status).toBe(422);
      expect((await errorOf(stale)).code).toBe("PICKUP_POINT_UNKNOWN");
      // A new search makes it orderable again.
      await pointsNear("13001");
      expect((await pickupOrder(point.id, 14.9)).status).toBe(201);
    } finally {
      now -= 24 * 3600_000 + 1000;
    }
  });

  it("makes a « point retrait » label for the point, with the customer's mobile", async () => {
    const point = (await pointsNear("13001"))[0] as PickupPoint;
    const placed = await pickupOrder(point.id, 14.9);
    const { order } = (await placed.json()) as { order: Order };
    const paid = await admin.call("PUT", `/api/admin/orders/${order.id}`, { payment_status: "completed" });
    expect(paid.status).toBe(200);
    const response = await admin.call("POST", `/api/admin/shipping/orders/${order.id}/label`);
    expect(response.status, await response.clone().text()).toBe(201);
    const label = colissimo.labels.at(-1) as (typeof colissimo.labels)[number];
    const { letter } = label.request as { letter: Record<string, Record<string, unknown>> };
    expect(letter.service?.productCode).toBe("HD");
    expect(letter.parcel?.pickupLocationId).toBe(point.id);
    expect(letter.addressee?.address).toMatchObject({
      lastName: "Moreau",
      zipCode: point.postal_code,
      city: point.city,
      mobileNumber: "0671829304",
    });
  });
});

describe("erasing the account", () => {
  it("removes the pick-up point and the mobile from her orders", async () => {
    const leaving = await createCustomer(ctx.deps, ctx.app);
    const point = (await pointsNear("13001"))[0] as PickupPoint;
    const placed = await leaving.call("POST", "/api/orders", {
      items: [{ product_id: soap.id, quantity: 1 }],
      shipping_address_id: leaving.addressId,
      total_amount: 14.9,
      payment_method: "bank_transfer",
      transfer_sender_name: "Client",
      delivery_mode: "pickup",
      pickup_point_id: point.id,
      pickup_phone: "07 81 92 03 14",
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order } = (await placed.json()) as { order: Order };
    const cancelled = await admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "cancelled" });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const erased = await leaving.call("POST", "/api/user/account/delete", { password: "secret12" });
    expect(erased.status, await erased.clone().text()).toBe(200);
    const { data: after } = await orderEntity(ctx.db).get({ id: order.id }).go();
    expect(after?.pickup_point).toBeUndefined();
    expect(JSON.stringify(after)).not.toContain("781920314");
  });
});

describe("when the stored Colissimo password cannot be read", () => {
  it("tells the shopper the search does not answer (503), and puts it on the owner's to-do list until she saves it again", async () => {
    const working = await getSetting(ctx.deps, "shipping_colissimo");
    // Sealed under another secret's context: it does not open as the contract's password (a key rotated, a copy).
    const foreign = await ctx.deps.secrets?.seal(colissimo.password, PAYPAL_SECRET_CONTEXT);
    await putSetting(ctx.deps, "shipping_colissimo", { ...working, password: foreign ?? "" });
    const asked = colissimo.pickupRequests.length;

    const response = await search("13001");
    expect(response.status).toBe(503);
    const { code, message } = await errorOf(response);
    expect(code).toBe("CARRIER_UNAVAILABLE");
    expect(message).toBe(
      "La recherche de points relais ne répond pas : réessayez dans un instant, ou choisissez la livraison à domicile.",
    );
    expect(message).not.toMatch(/Paramètres|mot de passe/);
    expect(colissimo.pickupRequests).toHaveLength(asked);

    const todo = async () =>
      ((await (await admin.call("GET", "/api/admin/todo")).json()) as OwnerTodo).problems;
    expect(await todo()).toEqual([
      expect.objectContaining({
        kind: "colissimo_secret_unreadable",
        subject: "password",
        title: "Le mot de passe Colissimo enregistré ne peut pas être lu",
        action: expect.stringContaining("Paramètres"),
      }),
    ]);
    // A second search does not list it twice.
    expect((await search("13001")).status).toBe(503);
    expect(await todo()).toHaveLength(1);

    // Typed again in Paramètres: the search answers, and the to-do list no longer shows it.
    const saved = await admin.call("PUT", "/api/admin/settings/shipping_colissimo", {
      value: { ...working, password: colissimo.password, api_key: "" },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await todo()).toEqual([]);
    expect((await search("13001")).status).toBe(200);
  });
});

describe("the search's limit per client address", () => {
  it(`answers ${rateLimits.pickupSearches.max} searches in ${rateLimits.pickupSearches.windowMinutes} minutes, then 429 in French`, async () => {
    // An hour later: the searches above are out of the window.
    now += 60 * 60_000;
    for (let count = 0; count < rateLimits.pickupSearches.max; count += 1)
      expect((await search("13001")).status).toBe(200);
    const refused = await search("13001");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await errorOf(refused)).message).toBe(
      "Trop de recherches de points relais depuis cette connexion. Réessayez dans quelques minutes.",
    );
  });
});

/**
 * The Colissimo double speaks La Poste's pick-up points service as src/domain/shipping/laposte-pickup.ts reads it: a
 * body made by pickupSearchBody finds the points of pickupPointsFor, the one on holiday left out by
 * parsePickupSearchResponse; refusals come back with La Poste's codes in the body of an HTTP 200.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PICKUP_POINT_ID_PATTERN } from "../../src/domain/orders/pickup-point";
import {
  PICKUP_ERRORS,
  PICKUP_SEARCH_PATH,
  type PickupSearchInput,
  parsePickupSearchResponse,
  pickupSearchBody,
} from "../../src/domain/shipping/laposte-pickup";
import {
  type ColissimoDouble,
  PICKUP_EMPTY_POSTAL_CODE,
  parisToday,
  pickupPointsFor,
  startColissimoDouble,
} from "./colissimo";

let double: ColissimoDouble;
beforeAll(async () => {
  double = await startColissimoDouble({ contractNumber: "820345", password: "s3cret Mdp" });
});
afterAll(() => double.close());

const search = (overrides: Partial<PickupSearchInput> = {}): PickupSearchInput => ({
  contractNumber: double.contractNumber,
  password: double.password,
  postalCode: "13001",
  city: "Marseille",
  weightGrams: 1000,
  shippingDay: parisToday(),
  requestId: "req0001",
  ...overrides,
});

/** One findRDVPointRetraitAcheminement call, as the shop's adapter makes it. */
async function find(body: unknown) {
  const response = await fetch(`${double.url}${PICKUP_SEARCH_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", text, json };
}

describe("the double's pick-up point search", () => {
  it("answers the points of pickupPointsFor, which parsePickupSearchResponse reads, nearest first", async () => {
    const { status, contentType, json } = await find(pickupSearchBody(search()));
    expect(status).toBe(200);
    expect(contentType).toMatch(/^application\/json/);
    expect(json).toMatchObject({ errorCode: 0, errorMessage: "Code retour OK", wsRequestId: "req0001" });
    expect((json as { listePointRetraitAcheminement: unknown }).listePointRetraitAcheminement).toEqual(
      pickupPointsFor("13001"),
    );

    const answer = parsePickupSearchResponse(json);
    if (answer.kind !== "points") throw new Error(answer.kind);
    // Six listed, the one on holiday (congesTotal) left out.
    expect(pickupPointsFor("13001")).toHaveLength(6);
    expect(pickupPointsFor("13001").filter((point) => point.congesTotal)).toHaveLength(1);
    expect(answer.points.map((point) => point.id)).toEqual([
      "130011",
      "130012",
      "130014",
      "130015",
      "130016",
    ]);
    expect(answer.points.map((point) => point.distance_m)).toEqual([180, 420, 730, 1150, 1780]);
    for (const point of answer.points) {
      expect(point.id).toMatch(PICKUP_POINT_ID_PATTERN);
      // Six digits: what SLS takes as the pick-up point of an « HD » label.
      expect(point.id).toMatch(/^\d{6}$/);
      expect(point).toMatchObject({ postal_code: "13001", city: "MARSEILLE", country_code: "FR" });
    }
    expect(answer.points[0]).toEqual({
      id: "130011",
      name: "Tabac de la Gare",
      address_line1: "12 AVENUE DE LA GARE",
      address_line2: null,
      postal_code: "13001",
      city: "MARSEILLE",
      country_code: "FR",
      distance_m: 180,
      opening_hours: [
        ["14:00-19:00"],
        ["08:30-12:30", "14:00-19:00"],
        ["08:30-12:30", "14:00-19:00"],
        ["08:30-12:30", "14:00-19:00"],
        ["08:30-12:30", "14:00-19:00"],
        ["08:30-12:30"],
        [],
      ],
    });
    expect(answer.points[1]?.name).toBe("Bureau de poste Marseille");
    // One slot every day; a complement in adresse2 and adresse3; open on Saturday afternoon.
    expect(answer.points[2]?.opening_hours).toEqual(Array.from({ length: 7 }, () => ["06:00-22:00"]));
    expect(answer.points[2]?.address_line2).toBe("PARVIS DE LA GARE");
    expect(answer.points[3]?.address_line2).toBe("CENTRE COMMERCIAL LES ARCADES, LOCAL 4");
    expect(answer.points[3]?.opening_hours[0]).toEqual([]);
    expect(answer.points[3]?.opening_hours[5]).toEqual(["08:00-12:30", "14:00-18:30"]);
  });

  it("answers for any French postal code, with ids of that code, and no city needed", async () => {
    const { city: _city, ...withoutCity } = search({ postalCode: "97100" });
    expect((await find(pickupSearchBody(withoutCity))).json).toMatchObject({ errorCode: 125 });

    for (const postalCode of ["75011", "01000", "98000", "48200"]) {
      const { city: _ignored, ...body } = search({ postalCode });
      const { json } = await find(pickupSearchBody(body));
      const answer = parsePickupSearchResponse(json);
      if (answer.kind !== "points") throw new Error(`${postalCode}: ${answer.kind}`);
      expect(answer.points).toHaveLength(5);
      expect(answer.points.every((point) => point.id.startsWith(postalCode))).toBe(true);
      expect(answer.points.every((point) => point.postal_code === postalCode)).toBe(true);
    }
    const monaco = parsePickupSearchResponse(
      (await find(pickupSearchBody(search({ postalCode: "98000" })))).json,
    );
    expect(monaco.kind === "points" && monaco.points[0]?.country_code).toBe("MC");
  });

  it("finds no point for its empty postal code (La Poste's 301), which the shop reads as an empty list", async () => {
    const { status, json } = await find(pickupSearchBody(search({ postalCode: PICKUP_EMPTY_POSTAL_CODE })));
    expect(status).toBe(200);
    expect(json).toMatchObject({ errorCode: 301, errorMessage: PICKUP_ERRORS[301] });
    expect(parsePickupSearchResponse(json)).toEqual({ kind: "points", points: [] });
    expect(pickupPointsFor(PICKUP_EMPTY_POSTAL_CODE)).toEqual([]);
  });

  it("answers post offices alone when filterRelay is 0", async () => {
    const { json } = await find({ ...pickupSearchBody(search()), filterRelay: "0" });
    const answer = parsePickupSearchResponse(json);
    expect(answer.kind === "points" && answer.points.map((point) => point.id)).toEqual(["130012"]);
  });

  it("refuses wrong or missing credentials with La Poste's codes, in an HTTP 200", async () => {
    const wrongPassword = await find(pickupSearchBody(search({ password: "s3cret mdp" })));
    expect(wrongPassword.status).toBe(200);
    expect(wrongPassword.json).toEqual({
      errorCode: 201,
      errorMessage: "Identifiant / mot de passe invalide",
      qualiteReponse: 0,
      wsRequestId: "req0001",
      listePointRetraitAcheminement: null,
      rdv: false,
    });
    expect(parsePickupSearchResponse(wrongPassword.json)).toEqual({
      kind: "credentials",
      message: "Identifiant / mot de passe invalide",
    });
    const wrongAccount = await find(pickupSearchBody(search({ contractNumber: "820346" })));
    expect(parsePickupSearchResponse(wrongAccount.json).kind).toBe("credentials");

    const { accountNumber: _a, ...noAccount } = pickupSearchBody(search());
    expect((await find(noAccount)).json).toMatchObject({ errorCode: 101, errorMessage: PICKUP_ERRORS[101] });
    const { password: _p, ...noPassword } = pickupSearchBody(search());
    expect((await find(noPassword)).json).toMatchObject({ errorCode: 102, errorMessage: PICKUP_ERRORS[102] });
    expect(parsePickupSearchResponse((await find(noPassword)).json).kind).toBe("credentials");
  });

  it("checks the postal code, the city, the country, the weight, the date and the other fields", async () => {
    const base = pickupSearchBody(search());
    const cases: [Record<string, unknown>, number][] = [
      [{ zipCode: "" }, 104],
      [{ zipCode: "1300" }, 125],
      [{ zipCode: "13 001" }, 125],
      [{ zipCode: "00100" }, 125],
      [{ zipCode: "99999" }, 125],
      [{ city: "" }, 105],
      [{ city: undefined }, 105],
      [{ countryCode: "" }, 117],
      [{ countryCode: "BE" }, 146],
      [{ weight: "1000.5" }, 120],
      [{ weight: "1kg" }, 120],
      [{ weight: "0" }, 121],
      [{ weight: "100000" }, 121],
      [{ shippingDate: "" }, 106],
      [{ shippingDate: "2025-03-07" }, 122],
      [{ shippingDate: "31/02/2025" }, 122],
      [{ shippingDate: "7/3/2025" }, 122],
      [{ filterRelay: "2" }, 123],
      [{ requestId: "x".repeat(65) }, 127],
    ];
    for (const [change, code] of cases) {
      const { status, json } = await find({ ...base, ...change });
      expect(status, JSON.stringify(change)).toBe(200);
      expect(json, JSON.stringify(change)).toMatchObject({
        errorCode: code,
        errorMessage: PICKUP_ERRORS[code],
        listePointRetraitAcheminement: null,
      });
      expect(parsePickupSearchResponse(json)).toEqual({
        kind: "refused",
        code,
        message: PICKUP_ERRORS[code],
      });
    }
    // What La Poste's table does not refuse: a blank city, no weight, a number for the weight.
    for (const change of [{ city: " " }, { weight: undefined }, { weight: 250 }, { address: "" }])
      expect((await find({ ...base, ...change })).json, JSON.stringify(change)).toMatchObject({
        errorCode: 0,
      });
  });

  it("keeps every body it received, refused or not", async () => {
    const before = double.pickupRequests.length;
    const body = pickupSearchBody(search({ requestId: "req-kept" }));
    await find(body);
    await find({ ...body, password: "faux" });
    await find("{pas du JSON");
    expect(double.pickupRequests.slice(before)).toEqual([body, { ...body, password: "faux" }]);
    const last = await find("{pas du JSON");
    expect(last.status).toBe(400);
    expect(parsePickupSearchResponse(last.json)).toMatchObject({ kind: "refused", code: 1000 });
  });

  it("fails the next search with HTTP 500 and no JSON, once per call, from the test or another process", async () => {
    const body = pickupSearchBody(search());
    double.failNextPickupSearch();
    const failed = await find(body);
    expect(failed.status).toBe(500);
    expect(failed.json).toBeUndefined();
    expect(() => parsePickupSearchResponse(failed.json)).toThrow();
    expect((await find(body)).status).toBe(200);

    const staged = await fetch(`${double.url}/__double/pickup-fail-next`, { method: "POST" });
    expect(staged.status).toBe(204);
    expect((await find(body)).status).toBe(500);
    expect((await find(body)).json).toMatchObject({ errorCode: 0 });
  });
});

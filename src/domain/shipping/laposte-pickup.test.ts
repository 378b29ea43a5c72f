import { describe, expect, it } from "vitest";
import {
  PICKUP_CREDENTIAL_CODES,
  PICKUP_ERRORS,
  PICKUP_HOURS_FIELDS,
  PICKUP_MAX_POINTS,
  PICKUP_NO_POINT_CODES,
  PICKUP_SEARCH_PATH,
  type PickupSearchInput,
  parsePickupSearchResponse,
  pickupDayHours,
  pickupSearchBody,
  pickupShippingDate,
} from "./laposte-pickup";

const input: PickupSearchInput = {
  contractNumber: "820345",
  password: " s3cret Mdp ",
  postalCode: "13001",
  city: "Marseille",
  weightGrams: 1000,
  shippingDay: "2025-03-07",
  requestId: "a1b2c3d4e5f6",
};

/** A point as La Poste's answer carries it (ekyna/Colissimo's PointRetraitAcheminement fields). */
function laPostePoint(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    identifiant: "986512",
    nom: "Tabac de la Gare",
    adresse1: "12 BOULEVARD D'ATHENES",
    adresse2: "",
    adresse3: "",
    codePostal: "13001",
    localite: "MARSEILLE",
    codePays: "FR",
    libellePays: "France",
    langue: "FR",
    typeDePoint: "A2P",
    reseau: "R03",
    distanceEnMetre: 240,
    coordGeolocalisationLatitude: "43.3032",
    coordGeolocalisationLongitude: "5.3806",
    accesPersonneMobiliteReduite: true,
    congesTotal: false,
    congesPartiel: false,
    poidsMaxi: 20,
    horairesOuvertureLundi: "00:00-00:00 14:00-19:00",
    horairesOuvertureMardi: "09:00-12:30 14:00-19:00",
    horairesOuvertureMercredi: "09:00-12:30 14:00-19:00",
    horairesOuvertureJeudi: "09:00-12:30 14:00-19:00",
    horairesOuvertureVendredi: "09:00-12:30 14:00-19:00",
    horairesOuvertureSamedi: "09:00-19:00 00:00-00:00",
    horairesOuvertureDimanche: "00:00-00:00 00:00-00:00",
    indiceDeLocalisation: "",
    listeConges: [],
    parking: false,
    ...overrides,
  };
}

const answer = (points: unknown, extra: Record<string, unknown> = {}) => ({
  errorCode: 0,
  errorMessage: "Code retour OK",
  qualiteReponse: 2,
  wsRequestId: "a1b2c3d4e5f6",
  listePointRetraitAcheminement: points,
  ...extra,
});

describe("the request", () => {
  it("goes to La Poste's REST v2 path", () => {
    expect(PICKUP_SEARCH_PATH).toBe(
      "/pointretrait-ws-cxf/rest/v2/pointretrait/findRDVPointRetraitAcheminement",
    );
  });

  it("sends exactly La Poste's fields, every one a string", () => {
    expect(pickupSearchBody(input)).toEqual({
      accountNumber: "820345",
      password: " s3cret Mdp ",
      address: " ",
      zipCode: "13001",
      city: "Marseille",
      countryCode: "FR",
      weight: "1000",
      shippingDate: "07/03/2025",
      filterRelay: "1",
      requestId: "a1b2c3d4e5f6",
      lang: "FR",
      optionInter: "0",
    });
    // In this order, as La Poste's plugin builds it (JSON keeps it).
    expect(Object.keys(pickupSearchBody(input))).toEqual([
      "accountNumber",
      "password",
      "address",
      "zipCode",
      "city",
      "countryCode",
      "weight",
      "shippingDate",
      "filterRelay",
      "requestId",
      "lang",
      "optionInter",
    ]);
  });

  it("sends a blank city when the shopper gave none, and one line of 50 characters at most", () => {
    const { city: _city, ...withoutCity } = input;
    expect(pickupSearchBody(withoutCity).city).toBe(" ");
    expect(pickupSearchBody({ ...input, city: "   " }).city).toBe(" ");
    expect(pickupSearchBody({ ...input, city: " Saint-Rémy-\n de-Provence " }).city).toBe(
      "Saint-Rémy- de-Provence",
    );
    expect(pickupSearchBody({ ...input, city: "A".repeat(60) }).city).toBe("A".repeat(50));
  });

  it("sends the weight in whole grams, rounded up, at least 1", () => {
    expect(pickupSearchBody({ ...input, weightGrams: 412.2 }).weight).toBe("413");
    expect(pickupSearchBody({ ...input, weightGrams: 0 }).weight).toBe("1");
    expect(pickupSearchBody({ ...input, weightGrams: -5 }).weight).toBe("1");
    expect(() => pickupSearchBody({ ...input, weightGrams: Number.NaN })).toThrow();
  });

  it("trims the contract number and the postal code, not the password; cuts the request id at 64", () => {
    const body = pickupSearchBody({
      ...input,
      contractNumber: " 820345 ",
      postalCode: " 13001 ",
      requestId: "x".repeat(80),
    });
    expect(body.accountNumber).toBe("820345");
    expect(body.zipCode).toBe("13001");
    expect(body.password).toBe(" s3cret Mdp ");
    expect(body.requestId).toBe("x".repeat(64));
  });

  it("writes the shipping day as JJ/MM/AAAA, and refuses a day that is not one", () => {
    expect(pickupShippingDate("2025-03-07")).toBe("07/03/2025");
    expect(pickupShippingDate("2024-02-29")).toBe("29/02/2024");
    expect(pickupShippingDate("2025-12-31")).toBe("31/12/2025");
    for (const day of ["2025-02-29", "2025-13-01", "2025-04-31", "07/03/2025", "2025-3-7", ""])
      expect(() => pickupShippingDate(day), day).toThrow();
    expect(() => pickupSearchBody({ ...input, shippingDay: "demain" })).toThrow();
  });
});

describe("a day's hours", () => {
  it("keeps La Poste's slots and drops the 00:00-00:00 ones", () => {
    expect(pickupDayHours("09:00-12:00 14:00-19:00")).toEqual(["09:00-12:00", "14:00-19:00"]);
    expect(pickupDayHours("09:00-19:00 00:00-00:00")).toEqual(["09:00-19:00"]);
    expect(pickupDayHours("00:00-00:00 14:00-18:30")).toEqual(["14:00-18:30"]);
    expect(pickupDayHours("00:00-00:00 00:00-00:00")).toEqual([]);
    expect(pickupDayHours("  08:30-12:00   13:30-17:45 ")).toEqual(["08:30-12:00", "13:30-17:45"]);
    expect(pickupDayHours("06:00-24:00")).toEqual(["06:00-24:00"]);
  });

  it("gives a closed day for a missing field, and leaves out what it cannot read", () => {
    expect(pickupDayHours(undefined)).toEqual([]);
    expect(pickupDayHours(null)).toEqual([]);
    expect(pickupDayHours("")).toEqual([]);
    expect(pickupDayHours(900)).toEqual([]);
    expect(pickupDayHours("9h-12h 14:00-18:00")).toEqual(["14:00-18:00"]);
    expect(pickupDayHours("25:00-26:00 12:00-11:00 09:61-10:00 fermé")).toEqual([]);
  });
});

describe("the answer", () => {
  it("reads every field of a point into the shop's PickupPoint", () => {
    expect(parsePickupSearchResponse(answer([laPostePoint()]))).toEqual({
      kind: "points",
      points: [
        {
          id: "986512",
          name: "Tabac de la Gare",
          address_line1: "12 BOULEVARD D'ATHENES",
          address_line2: null,
          postal_code: "13001",
          city: "MARSEILLE",
          country_code: "FR",
          distance_m: 240,
          opening_hours: [
            ["14:00-19:00"],
            ["09:00-12:30", "14:00-19:00"],
            ["09:00-12:30", "14:00-19:00"],
            ["09:00-12:30", "14:00-19:00"],
            ["09:00-12:30", "14:00-19:00"],
            ["09:00-19:00"],
            [],
          ],
        },
      ],
    });
  });

  it("reads the seven days from Monday to Sunday", () => {
    expect(PICKUP_HOURS_FIELDS).toEqual([
      "horairesOuvertureLundi",
      "horairesOuvertureMardi",
      "horairesOuvertureMercredi",
      "horairesOuvertureJeudi",
      "horairesOuvertureVendredi",
      "horairesOuvertureSamedi",
      "horairesOuvertureDimanche",
    ]);
    const days = Object.fromEntries(
      PICKUP_HOURS_FIELDS.map((field, i) => [field, `0${i + 1}:00-0${i + 2}:00 00:00-00:00`]),
    );
    const result = parsePickupSearchResponse(answer([laPostePoint(days)]));
    expect(result.kind === "points" && result.points[0]?.opening_hours).toEqual([
      ["01:00-02:00"],
      ["02:00-03:00"],
      ["03:00-04:00"],
      ["04:00-05:00"],
      ["05:00-06:00"],
      ["06:00-07:00"],
      ["07:00-08:00"],
    ]);
  });

  it("trims the id, joins adresse2 and adresse3, and collapses spaces", () => {
    const result = parsePickupSearchResponse(
      answer([
        laPostePoint({
          identifiant: " 986512 ",
          nom: "  Tabac   de la Gare ",
          adresse2: "CENTRE COMMERCIAL  LES ARCADES",
          adresse3: "LOCAL 4",
        }),
        laPostePoint({ identifiant: "986513", adresse2: null, adresse3: "PARVIS DE LA GARE" }),
        laPostePoint({ identifiant: "986514", adresse2: undefined, adresse3: undefined }),
      ]),
    );
    if (result.kind !== "points") throw new Error(result.kind);
    expect(result.points.map((point) => [point.id, point.name, point.address_line2])).toEqual([
      ["986512", "Tabac de la Gare", "CENTRE COMMERCIAL LES ARCADES, LOCAL 4"],
      ["986513", "Tabac de la Gare", "PARVIS DE LA GARE"],
      ["986514", "Tabac de la Gare", null],
    ]);
  });

  it("takes the country as La Poste gives it, FR when it gives none", () => {
    const result = parsePickupSearchResponse(
      answer([
        laPostePoint({ identifiant: "000001", codePays: "mc" }),
        laPostePoint({ identifiant: "000002", codePays: "" }),
        laPostePoint({ identifiant: "000003", codePays: undefined }),
      ]),
    );
    expect(result.kind === "points" && result.points.map((point) => point.country_code)).toEqual([
      "MC",
      "FR",
      "FR",
    ]);
  });

  it("reads the distance as a number or a numeric string, rounded to the metre", () => {
    const result = parsePickupSearchResponse(
      answer([
        laPostePoint({ identifiant: "000001", distanceEnMetre: 0 }),
        laPostePoint({ identifiant: "000002", distanceEnMetre: "1250" }),
        laPostePoint({ identifiant: "000003", distanceEnMetre: 1499.6 }),
      ]),
    );
    expect(result.kind === "points" && result.points.map((point) => point.distance_m)).toEqual([
      0, 1250, 1500,
    ]);
  });

  it("drops a point closed for holidays over the period (congesTotal), not one partly closed", () => {
    const result = parsePickupSearchResponse(
      answer([
        laPostePoint({ identifiant: "000001" }),
        laPostePoint({ identifiant: "000002", congesTotal: true }),
        laPostePoint({ identifiant: "000003", congesPartiel: true }),
      ]),
    );
    expect(result.kind === "points" && result.points.map((point) => point.id)).toEqual(["000001", "000003"]);
  });

  it("drops the malformed points and keeps the others in La Poste's order", () => {
    const result = parsePickupSearchResponse(
      answer([
        laPostePoint({ identifiant: "000001", distanceEnMetre: 900 }),
        "un point",
        null,
        laPostePoint({ identifiant: undefined }),
        laPostePoint({ identifiant: "" }),
        laPostePoint({ identifiant: 986512 }),
        laPostePoint({ identifiant: "98-65/12" }),
        laPostePoint({ identifiant: "1234567890123" }),
        laPostePoint({ identifiant: "000002", nom: " " }),
        laPostePoint({ identifiant: "000003", adresse1: undefined }),
        laPostePoint({ identifiant: "000004", codePostal: "" }),
        laPostePoint({ identifiant: "000005", localite: undefined }),
        laPostePoint({ identifiant: "000006", distanceEnMetre: "loin" }),
        laPostePoint({ identifiant: "000007", distanceEnMetre: -3 }),
        laPostePoint({ identifiant: "000008", distanceEnMetre: 120 }),
        laPostePoint({ identifiant: "000001", nom: "Le même, plus loin", distanceEnMetre: 950 }),
      ]),
    );
    if (result.kind !== "points") throw new Error(result.kind);
    // Nearest first is La Poste's order: the shop does not sort again.
    expect(result.points.map((point) => [point.id, point.distance_m])).toEqual([
      ["000001", 900],
      ["000008", 120],
    ]);
  });

  it("cleans and bounds La Poste's texts, and drops a point whose postal code is not French", () => {
    const hostile = (start: string) => `${start}\u0000\u001b[2J\u202e<b>${"W".repeat(500)}</b>`;
    const result = parsePickupSearchResponse(
      answer(
        [
          laPostePoint({
            identifiant: "000001",
            nom: hostile("Relais"),
            adresse1: hostile("1 rue"),
            adresse2: hostile("Bât"),
            adresse3: hostile("Porte"),
            localite: hostile("Ville"),
            horairesOuvertureLundi: Array.from({ length: 300 }, () => "09:00-12:00").join(" "),
          }),
          laPostePoint({ identifiant: "000002", codePostal: "13001<script>" }),
          laPostePoint({ identifiant: "000003", codePostal: "1300" }),
        ],
        { errorMessage: "ok" },
      ),
    );
    if (result.kind !== "points") throw new Error(result.kind);
    expect(result.points.map((point) => point.id)).toEqual(["000001"]);
    const [point] = result.points;
    expect(point?.name).toBe(`Relais[2J ${"W".repeat(53)}…`);
    for (const [text, max] of [
      [point?.name, 64],
      [point?.address_line1, 64],
      [point?.address_line2, 64],
      [point?.city, 50],
    ] as const) {
      expect(Array.from(text ?? "").length).toBeLessThanOrEqual(max);
      expect(text).not.toMatch(/[\p{Cc}\p{Cf}<>]/u);
    }
    expect(point?.opening_hours[0]).toHaveLength(4);
  });

  it("bounds La Poste's words in a refusal, which the shopper reads", () => {
    const result = parsePickupSearchResponse({
      errorCode: 129,
      errorMessage: `Adresse\u0007 <i>${"x".repeat(900)}</i>`,
    });
    if (result.kind !== "refused") throw new Error(result.kind);
    expect(Array.from(result.message).length).toBeLessThanOrEqual(200);
    expect(result.message).toMatch(/^Adresse x+…$/);
  });

  it("keeps at most 20 points, counted after the ones it drops", () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      laPostePoint({
        identifiant: String(100000 + i),
        distanceEnMetre: 100 * i,
        congesTotal: i === 0,
      }),
    );
    const result = parsePickupSearchResponse(answer(many));
    if (result.kind !== "points") throw new Error(result.kind);
    expect(PICKUP_MAX_POINTS).toBe(20);
    expect(result.points).toHaveLength(20);
    expect(result.points[0]?.id).toBe("100001");
    expect(result.points[19]?.id).toBe("100020");
  });

  it("answers no point for a success without a list, an empty list, or La Poste's « no point » codes", () => {
    for (const body of [
      { errorCode: 0, errorMessage: "Code retour OK" },
      answer(null),
      answer([]),
      answer([laPostePoint({ congesTotal: true })]),
      { errorCode: 300, errorMessage: PICKUP_ERRORS[300], listePointRetraitAcheminement: null },
      { errorCode: "301", errorMessage: PICKUP_ERRORS[301] },
    ])
      expect(parsePickupSearchResponse(body), JSON.stringify(body)).toEqual({ kind: "points", points: [] });
    expect(PICKUP_NO_POINT_CODES).toEqual([300, 301]);
  });

  it("reads a single point given as an object, and an answer inside a `return` envelope", () => {
    const single = parsePickupSearchResponse(answer(laPostePoint()));
    expect(single.kind === "points" && single.points.map((point) => point.id)).toEqual(["986512"]);
    const wrapped = parsePickupSearchResponse({ return: answer([laPostePoint()]) });
    expect(wrapped.kind === "points" && wrapped.points.map((point) => point.id)).toEqual(["986512"]);
  });

  it("tells refused credentials apart, with La Poste's words", () => {
    expect(
      parsePickupSearchResponse({
        errorCode: 201,
        errorMessage: "Identifiant / mot de passe invalide",
        qualiteReponse: 0,
        wsRequestId: "",
        listePointRetraitAcheminement: null,
        rdv: false,
      }),
    ).toEqual({ kind: "credentials", message: "Identifiant / mot de passe invalide" });
    expect(parsePickupSearchResponse({ errorCode: 101, errorMessage: "" })).toEqual({
      kind: "credentials",
      message: "Numéro de compte absent",
    });
    expect(parsePickupSearchResponse({ errorCode: "102" })).toEqual({
      kind: "credentials",
      message: "Mot de passe absent",
    });
    expect(PICKUP_CREDENTIAL_CODES).toEqual([101, 102, 201]);
  });

  it("answers any other code as refused, with its code and La Poste's words (or its table's)", () => {
    expect(parsePickupSearchResponse({ errorCode: 125, errorMessage: " Code postal incorrect " })).toEqual({
      kind: "refused",
      code: 125,
      message: "Code postal incorrect",
    });
    expect(parsePickupSearchResponse({ errorCode: 202 })).toEqual({
      kind: "refused",
      code: 202,
      message: "Service non autorisé pour cet identifiant",
    });
    expect(parsePickupSearchResponse({ errorCode: 1000, errorMessage: null })).toEqual({
      kind: "refused",
      code: 1000,
      message: "Erreur système (erreur technique)",
    });
    expect(parsePickupSearchResponse({ errorCode: 4242 })).toEqual({
      kind: "refused",
      code: 4242,
      message: "Erreur 4242",
    });
    // A refusal is a refusal, whatever list comes with it.
    expect(
      parsePickupSearchResponse({ errorCode: 122, listePointRetraitAcheminement: [laPostePoint()] }).kind,
    ).toBe("refused");
  });

  it("throws for what is not a JSON object, has no errorCode, or a list it cannot read", () => {
    for (const body of [
      undefined,
      null,
      "Service unavailable",
      42,
      [answer([laPostePoint()])],
      {},
      { errorMessage: "Code retour OK", listePointRetraitAcheminement: [] },
      { errorCode: "zéro" },
      { errorCode: 0.5 },
      answer("986512"),
      answer(12),
    ])
      expect(() => parsePickupSearchResponse(body), JSON.stringify(body)).toThrow(Error);
  });
});

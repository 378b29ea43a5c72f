import { describe, expect, it } from "vitest";
import {
  isDeliveredCode,
  isReturnedCode,
  parseLaposteDate,
  parseTrackingResponse,
  TRACKING_CODES,
  TRACKING_PATH,
  trackingCodeLabel,
  trackingRequestHeaders,
} from "./laposte-tracking";

/** A Colissimo parcel on its way: debuss/lapostesuivi's recorded answer (tests/Mock/200.json), a single object. */
const inTransit = {
  lang: "fr_FR",
  scope: "open",
  returnCode: 200,
  shipment: {
    idShip: "6A18987970674",
    holder: 4,
    product: "colissimo",
    isFinal: false,
    entryDate: "2020-07-04T01:25:12+02:00",
    timeline: [
      {
        shortLabel: "Votre colis est pris en charge",
        longLabel: "",
        id: 1,
        date: "2020-07-04T01:25:12+02:00",
        country: "",
        status: true,
        type: 1,
      },
      {
        shortLabel: "Il est en traitement dans notre réseau.",
        longLabel: "",
        id: 2,
        country: "",
        status: true,
        type: 1,
      },
      {
        shortLabel: "Il est en cours de transport vers votre site de livraison",
        longLabel: "",
        id: 3,
        country: "",
        status: true,
        type: 1,
      },
      { shortLabel: "", longLabel: "", id: 4, country: "", status: false, type: 1 },
      { shortLabel: "", longLabel: "", id: 5, country: "", status: false, type: 1 },
    ],
    event: [
      {
        order: 100,
        label:
          "Votre colis est en transit sur nos plateformes logistiques pour vous être livré le plus rapidement possible.",
        date: "2020-07-04T01:25:12+02:00",
        code: "ET1",
      },
      {
        order: 99,
        label:
          "Votre Colissimo va bientôt nous être confié ! Il est en cours de préparation chez votre expéditeur.",
        date: "2020-07-03T15:05:47+02:00",
        code: "DR1",
      },
    ],
    contextData: { deliveryChoice: { deliveryChoice: 0 }, originCountry: "FR", arrivalCountry: "FR" },
    estimDate: "2023-01-27T00:00:00+01:00",
    url: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A18987970674",
  },
};

/** A delivered parcel: karrio's recorded answer (an array of one, as the OpenAPI's 200 is), no `order` fields. */
const deliveredEvents = [
  ["DI1", "Votre colis est livré.", "2023-03-09T09:38:00+01:00"],
  [
    "MD2",
    "Votre colis est dans le site de livraison qui dessert votre adresse. Nous le préparons pour le mettre en livraison.",
    "2023-03-09T09:01:00+01:00",
  ],
  ["ET1", "Votre colis est en cours d'acheminement.", "2023-03-08T16:25:00+01:00"],
  ["ET3", "Votre colis est arrivé dans le pays du destinataire.", "2023-02-22T16:23:00+01:00"],
  [
    "ET2",
    "Votre colis est prêt à partir de son territoire d’expédition. Il va être remis au transporteur pour son acheminement.",
    "2023-02-18T12:27:00+01:00",
  ],
  ["ET1", "Votre colis est en transit sur nos plateformes logistiques.", "2023-02-18T07:34:12+01:00"],
  ["ET1", "Votre colis est en transit sur nos plateformes logistiques.", "2023-02-17T23:13:12+01:00"],
  ["PC1", "Votre colis a été déposé dans un point postal.", "2023-02-17T14:43:00+01:00"],
  [
    "DR1",
    "Votre Colissimo va bientôt nous être confié ! Il est en cours de préparation chez votre expéditeur.",
    "2023-02-17T14:41:00+01:00",
  ],
].map(([code, label, date]) => ({ code, label, date }));
const delivered = [
  {
    lang: "fr_FR",
    scope: "open",
    returnCode: 200,
    shipment: {
      idShip: "EW112720413FR",
      holder: 4,
      product: "colissimo",
      isFinal: true,
      deliveryDate: "2023-03-09T09:38:00+01:00",
      entryDate: "2023-02-17T14:43:00+01:00",
      timeline: [
        {
          shortLabel: "Votre colis est entre nos mains.",
          longLabel: "",
          id: 1,
          country: "FR",
          status: true,
          type: 1,
        },
        { shortLabel: "Il est en chemin.", longLabel: "", id: 2, country: "BR", status: true, type: 1 },
        {
          shortLabel: "Votre colis est arrivé sur son site de livraison.",
          longLabel: "",
          id: 3,
          country: "",
          status: true,
          type: 1,
        },
        {
          shortLabel: "Nous préparons votre colis pour sa livraison.",
          longLabel: "",
          id: 4,
          country: "BR",
          status: true,
          type: 1,
        },
        {
          shortLabel: "Votre colis a été livré",
          longLabel: "",
          id: 5,
          date: "2023-03-09T09:38:00+01:00",
          country: "BR",
          status: true,
          type: 1,
        },
      ],
      event: deliveredEvents,
      contextData: { deliveryChoice: { deliveryChoice: 0 }, originCountry: "FR", arrivalCountry: "BR" },
      estimDate: "2023-03-09T09:38:00+01:00",
      url: "https://www.laposte.fr/outils/suivre-vos-envois?code=EW112720413FR",
    },
  },
];

/** A shipment in La Poste's shape with the given events (newest first, `order` counting down from 100). */
function shipment(idShip: string, events: [string, string, string][], extra: Record<string, unknown> = {}) {
  return {
    lang: "fr_FR",
    scope: "open",
    returnCode: 200,
    shipment: {
      idShip,
      holder: 4,
      product: "colissimo",
      isFinal: false,
      entryDate: events.at(-1)?.[2],
      timeline: [],
      event: events.map(([code, label, date], i) => ({ order: 100 - i, label, date, code })),
      contextData: { deliveryChoice: { deliveryChoice: 0 }, originCountry: "FR", arrivalCountry: "FR" },
      url: `https://www.laposte.fr/outils/suivre-vos-envois?code=${idShip}`,
      ...extra,
    },
  };
}

// The labels of the next two fixtures are written for these tests (no recorded answer of either case was found);
// their codes and shapes are La Poste's.
const atPickupPoint = shipment(
  "6M12345678906",
  [
    [
      "DI1",
      "Votre colis a été remis au destinataire dans son point de retrait.",
      "2026-06-05T17:12:40+02:00",
    ],
    ["AG1", "Votre colis est disponible dans le point de retrait choisi.", "2026-06-04T10:02:11+02:00"],
    ["ET1", "Votre colis est en cours d'acheminement.", "2026-06-03T22:48:00+02:00"],
    ["PC1", "Votre colis a été déposé dans un point postal.", "2026-06-03T16:30:00+02:00"],
    [
      "DR1",
      "Votre Colissimo va bientôt nous être confié ! Il est en cours de préparation chez votre expéditeur.",
      "2026-06-03T09:15:00+02:00",
    ],
  ],
  { isFinal: true, deliveryDate: "2026-06-05T17:12:40+02:00" },
);
const backAtTheShop = shipment(
  "6A16000000017",
  [
    ["DI2", "Votre colis a été livré à l'expéditeur.", "2026-06-20T11:00:00+02:00"],
    ["RE1", "Votre colis est retourné à l'expéditeur.", "2026-06-18T08:30:00+02:00"],
    ["ND1", "Votre colis n'a pas pu être distribué.", "2026-06-17T12:00:00+02:00"],
    ["MD2", "Votre colis est en cours de livraison.", "2026-06-17T07:50:00+02:00"],
    ["PC1", "Votre colis a été déposé dans un point postal.", "2026-06-15T16:30:00+02:00"],
  ],
  { isFinal: true, deliveryDate: "2026-06-20T11:00:00+02:00" },
);

describe("TRACKING_PATH and the request's headers", () => {
  it("asks for one parcel, in French, below api.laposte.fr", () => {
    expect(TRACKING_PATH("6A18987970674")).toBe("/suivi/v2/idships/6A18987970674?lang=fr_FR");
    expect(`https://api.laposte.fr${TRACKING_PATH("EW112720413FR")}`).toBe(
      "https://api.laposte.fr/suivi/v2/idships/EW112720413FR?lang=fr_FR",
    );
  });

  it("encodes what could leave the path segment", () => {
    expect(TRACKING_PATH("6A1/../x?y#z")).toBe("/suivi/v2/idships/6A1%2F..%2Fx%3Fy%23z?lang=fr_FR");
    expect(TRACKING_PATH("6A1,6A2")).toBe("/suivi/v2/idships/6A1%2C6A2?lang=fr_FR");
  });

  it("sends the Okapi key and asks for JSON", () => {
    expect(trackingRequestHeaders("k3y")).toStrictEqual({ "X-Okapi-Key": "k3y", Accept: "application/json" });
  });
});

describe("parseTrackingResponse: a parcel", () => {
  it("reads a parcel in transit: its number, its events oldest first in UTC with La Poste's labels", () => {
    expect(parseTrackingResponse(200, inTransit)).toStrictEqual({
      ok: true,
      parcelNumber: "6A18987970674",
      events: [
        {
          code: "DR1",
          label:
            "Votre Colissimo va bientôt nous être confié ! Il est en cours de préparation chez votre expéditeur.",
          at: "2020-07-03T13:05:47.000Z",
        },
        {
          code: "ET1",
          label:
            "Votre colis est en transit sur nos plateformes logistiques pour vous être livré le plus rapidement possible.",
          at: "2020-07-03T23:25:12.000Z",
        },
      ],
      delivered: null,
      returned: false,
      isFinal: false,
      // Its `estimDate`, « 2023-01-27T00:00:00+01:00 », as a Paris day.
      estimated: "2023-01-27",
    });
  });

  it("reads La Poste's estimated delivery as its Paris day, only while the parcel is on its way", () => {
    const estimating = (estimDate: unknown, isFinal = false) =>
      parseTrackingResponse(200, { ...inTransit, shipment: { ...inTransit.shipment, estimDate, isFinal } });
    // A summer midnight in Paris, as public clients recorded it.
    expect(estimating("2026-07-23T02:00:00+02:00")).toMatchObject({ ok: true, estimated: "2026-07-23" });
    expect(estimating("2026-07-22T23:30:00Z")).toMatchObject({ ok: true, estimated: "2026-07-23" });
    // Unreadable, without its offset, absent: no estimate, and the rest is read.
    for (const unreadable of ["2026-07-23", "demain", 20260723, null, undefined])
      expect(estimating(unreadable)).toMatchObject({ ok: true, estimated: null, events: expect.any(Array) });
    // Delivered (or back at the shop): an estimate no longer means anything.
    expect(estimating("2026-07-23T02:00:00+02:00", true)).toMatchObject({ ok: true, estimated: null });
    const result = parseTrackingResponse(200, delivered, "EW112720413FR");
    expect(result).toMatchObject({ ok: true, estimated: null });
  });

  it("reads a delivered parcel (an array of one answer): delivered at DI1's date", () => {
    const result = parseTrackingResponse(200, delivered, "EW112720413FR");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.parcelNumber).toBe("EW112720413FR");
    expect(result.delivered).toStrictEqual({ at: "2023-03-09T08:38:00.000Z" });
    expect(result.isFinal).toBe(true);
    expect(result.returned).toBe(false);
    expect(result.events.map((event) => event.code)).toStrictEqual([
      "DR1",
      "PC1",
      "ET1",
      "ET1",
      "ET2",
      "ET3",
      "ET1",
      "MD2",
      "DI1",
    ]);
    expect(result.events.at(-1)).toStrictEqual({
      code: "DI1",
      label: "Votre colis est livré.",
      at: "2023-03-09T08:38:00.000Z",
    });
    // Oldest first, whatever the order La Poste lists them in.
    const times = result.events.map((event) => Date.parse(event.at));
    expect(times).toStrictEqual([...times].sort((a, b) => a - b));
  });

  it("reads a parcel collected at its pick-up point: AG1 is waiting there, DI1 is the delivery", () => {
    const result = parseTrackingResponse(200, atPickupPoint);
    expect(result).toMatchObject({
      ok: true,
      parcelNumber: "6M12345678906",
      delivered: { at: "2026-06-05T15:12:40.000Z" },
      returned: false,
      isFinal: true,
    });
    const waiting = {
      ...atPickupPoint,
      shipment: { ...atPickupPoint.shipment, isFinal: false, event: atPickupPoint.shipment.event.slice(1) },
    };
    expect(parseTrackingResponse(200, waiting)).toMatchObject({ ok: true, delivered: null, isFinal: false });
  });

  it("reads a parcel returned to the shop: returned, final, and not delivered although La Poste gives a deliveryDate", () => {
    const result = parseTrackingResponse(200, backAtTheShop);
    expect(result).toMatchObject({ ok: true, delivered: null, returned: true, isFinal: true });
    if (result.ok)
      expect(result.events.map((event) => event.code)).toEqual(["PC1", "MD2", "ND1", "RE1", "DI2"]);

    // On its way back (RE1) is already « returned ».
    const onItsWay = {
      ...backAtTheShop,
      shipment: { ...backAtTheShop.shipment, isFinal: false, event: backAtTheShop.shipment.event.slice(1) },
    };
    expect(parseTrackingResponse(200, onItsWay)).toMatchObject({ ok: true, returned: true, delivered: null });
  });

  it("takes the first delivery when La Poste repeats it", () => {
    const twice = shipment("6A18987970674", [
      ["DI1", "Votre colis est livré.", "2026-06-05T18:00:00+02:00"],
      ["DI1", "Votre colis est livré.", "2026-06-05T12:00:00+02:00"],
    ]);
    expect(parseTrackingResponse(200, twice)).toMatchObject({
      delivered: { at: "2026-06-05T10:00:00.000Z" },
    });
  });

  it("orders events of the same minute by La Poste's `order`, else by their place in its newest-first list", () => {
    const sameTime = "2026-06-05T12:00:00+02:00";
    const withOrder = shipment("6A18987970674", [
      ["MD2", "b", sameTime],
      ["ET1", "a", sameTime],
    ]);
    withOrder.shipment.event.reverse(); // listed oldest first, but `order` says which is newer
    const read = parseTrackingResponse(200, withOrder);
    expect(read.ok && read.events.map((event) => event.code)).toStrictEqual(["ET1", "MD2"]);

    const noOrder = { ...withOrder, shipment: { ...withOrder.shipment, event: [] as unknown[] } };
    noOrder.shipment.event = [
      { code: "MD2", label: "b", date: sameTime },
      { code: "ET1", label: "a", date: sameTime },
    ];
    const read2 = parseTrackingResponse(200, noOrder);
    expect(read2.ok && read2.events.map((event) => event.code)).toStrictEqual(["ET1", "MD2"]);
  });

  it("tolerates missing optional fields: no events yet, no isFinal, no label, no lang", () => {
    expect(
      parseTrackingResponse(200, { returnCode: 200, shipment: { idShip: "6A18987970674" } }),
    ).toStrictEqual({
      ok: true,
      parcelNumber: "6A18987970674",
      events: [],
      delivered: null,
      returned: false,
      isFinal: false,
      estimated: null,
    });
    const noLabels = shipment("6A18987970674", [
      ["PC1", "", "2026-06-03T16:30:00+02:00"],
      ["ZZ9", "", "2026-06-03T17:30:00+02:00"],
    ]);
    const read = parseTrackingResponse(200, noLabels);
    expect(read.ok && read.events.map((event) => event.label)).toStrictEqual([
      "Pris en charge",
      "Événement La Poste ZZ9",
    ]);
  });

  it("keeps the labels French when La Poste answers in another language", () => {
    const english = {
      ...shipment("6A18987970674", [["DI1", "Your parcel has been delivered.", "2021-04-22T12:43:54+02:00"]]),
      lang: "en_GB",
    };
    const read = parseTrackingResponse(200, english);
    expect(read.ok && read.events[0]?.label).toBe("Distribué");
  });

  it("cleans and bounds La Poste's texts: they reach the order and the customer's page", () => {
    const hostile = `Colis\u0000 retenu\u001b[31m <a href="https://x.example">payez ici</a> ${"z".repeat(3000)}`;
    const read = parseTrackingResponse(
      200,
      shipment("6A18987970674", [["PB1", hostile, "2021-04-22T12:43:54+02:00"]]),
    );
    const label = read.ok ? (read.events[0]?.label ?? "") : "";
    expect(Array.from(label).length).toBeLessThanOrEqual(200);
    expect(label).toMatch(/^Colis retenu\[31m payez ici z+…$/);
    // A label that is nothing once cleaned gives way to the code's French label.
    const empty = parseTrackingResponse(
      200,
      shipment("6A18987970674", [["PC1", "\u0000<b></b>\u200b", "2021-04-22T12:43:54+02:00"]]),
    );
    expect(empty.ok && empty.events[0]?.label).toBe("Pris en charge");
    const refused = parseTrackingResponse(400, {
      returnCode: 400,
      returnMessage: `Non\u001b ${"n".repeat(900)}`,
    });
    expect(refused.ok || Array.from(refused.message).length).toBeLessThan(400);
    expect(refused.ok || refused.message).not.toMatch(/\p{Cc}/u);
  });

  it("keeps the newest 100 events of a parcel that has more", () => {
    const events = Array.from(
      { length: 150 },
      (_, n) =>
        ["ET1", `Étape ${n}`, new Date(Date.UTC(2021, 3, 1) + n * 60_000).toISOString()] as [
          string,
          string,
          string,
        ],
    ).reverse();
    const read = parseTrackingResponse(200, shipment("6A18987970674", events));
    expect(read.ok && read.events).toHaveLength(100);
    expect(read.ok && read.events[0]?.label).toBe("Étape 50");
    expect(read.ok && read.events.at(-1)?.label).toBe("Étape 149");
  });

  it("accepts a numeric string returnCode and an answer for the number asked in any case", () => {
    expect(parseTrackingResponse(200, { ...inTransit, returnCode: "200" }, "6a18987970674")).toMatchObject({
      ok: true,
      parcelNumber: "6A18987970674",
    });
  });

  it("picks the parcel asked for in a 207 list, and reads a refused one in it", () => {
    const list = [
      delivered[0],
      inTransit,
      {
        returnCode: 104,
        returnMessage: "Votre suivi n'est pas encore disponible.",
        idShip: "6S00993561113",
        lang: "fr_FR",
        scope: "open",
      },
    ];
    expect(parseTrackingResponse(207, list, "6A18987970674")).toMatchObject({
      ok: true,
      parcelNumber: "6A18987970674",
    });
    expect(parseTrackingResponse(207, list, "EW112720413FR")).toMatchObject({ ok: true, delivered: {} });
    expect(parseTrackingResponse(207, list, "6S00993561113")).toMatchObject({
      ok: false,
      kind: "unknown_parcel",
    });
    expect(parseTrackingResponse(207, list)).toMatchObject({ ok: false, kind: "unavailable" });
  });
});

describe("parseTrackingResponse: strict on what the shop relies on", () => {
  const withEvent = (event: Record<string, unknown>) => ({
    ...inTransit,
    shipment: { ...inTransit.shipment, event: [event] },
  });

  it.each<[string, unknown]>([
    ["a date without its offset", withEvent({ code: "DI1", label: "Livré", date: "2026-06-05T12:00:00" })],
    ["a date in French", withEvent({ code: "DI1", label: "Livré", date: "05/06/2026" })],
    [
      "a day that does not exist",
      withEvent({ code: "DI1", label: "Livré", date: "2026-02-30T12:00:00+01:00" }),
    ],
    [
      "an hour that does not exist",
      withEvent({ code: "DI1", label: "Livré", date: "2026-06-05T24:00:00+02:00" }),
    ],
    ["no date", withEvent({ code: "DI1", label: "Livré" })],
    ["no code", withEvent({ label: "Livré", date: "2026-06-05T12:00:00+02:00" })],
    ["events that are not a list", { ...inTransit, shipment: { ...inTransit.shipment, event: {} } }],
    ["no parcel number", { ...inTransit, shipment: { ...inTransit.shipment, idShip: "" } }],
    ["no shipment", { lang: "fr_FR", scope: "open", returnCode: 200 }],
    ["an HTML page", "<html><body>Maintenance</body></html>"],
    ["a body that was not JSON", undefined],
    ["an empty list", []],
  ])("refuses %s rather than guess", (_case, body) => {
    expect(parseTrackingResponse(200, body)).toStrictEqual({
      ok: false,
      kind: "unavailable",
      message:
        "La réponse de l'API Suivi de La Poste est illisible : le suivi de ce colis n'a pas pu être lu.",
    });
  });

  it("refuses an answer about another parcel", () => {
    expect(parseTrackingResponse(200, inTransit, "6A00000000001")).toMatchObject({
      ok: false,
      kind: "unavailable",
      message: expect.stringContaining("un autre colis"),
    });
  });

  it("reads a returnCode that is not a success inside a 200 body", () => {
    expect(parseTrackingResponse(200, { returnCode: 104, returnMessage: "…", lang: "fr_FR" })).toMatchObject({
      ok: false,
      kind: "unknown_parcel",
    });
  });
});

describe("parseTrackingResponse: refusals", () => {
  it("reads 404 as a parcel La Poste does not know (yet): the OpenAPI's example body, and an older one", () => {
    const example = {
      returnCode: 104,
      returnMessage:
        "Votre suivi n'est pas encore disponible. Si vous avez déposé votre envoi, les informations de suivi peuvent être affichées avec un délai, veuillez réessayer ultérieurement.",
      idShip: "6S00993561113",
      lang: "fr_FR",
      scope: "open",
    };
    const expected = {
      ok: false,
      kind: "unknown_parcel",
      message:
        "La Poste ne connaît pas (encore) ce colis : son suivi apparaît parfois quelques heures après la création de l'étiquette. Réessayez plus tard.",
    };
    expect(parseTrackingResponse(404, example)).toStrictEqual(expected);
    expect(
      parseTrackingResponse(404, {
        returnCode: 404,
        returnMessage: "Not Found",
        lang: "fr_FR",
        scope: "open",
      }),
    ).toStrictEqual(expected);
    expect(parseTrackingResponse(404, undefined)).toStrictEqual(expected);
  });

  it("reads 401 as a refused key (debuss/lapostesuivi's recorded body)", () => {
    expect(
      parseTrackingResponse(401, {
        returnCode: 401,
        returnMessage: "Unauthorized",
        lang: "fr_FR",
        scope: "open",
      }),
    ).toStrictEqual({
      ok: false,
      kind: "bad_key",
      message:
        "La Poste refuse la clé de l'API Suivi (X-Okapi-Key) : vérifiez la clé saisie dans les réglages de la boutique.",
    });
  });

  it("reads 403 as an application not allowed to call Suivi", () => {
    expect(parseTrackingResponse(403, undefined)).toMatchObject({
      ok: false,
      kind: "bad_key",
      message: expect.stringContaining("abonnée à « Suivi v2 »"),
    });
  });

  it("reads 400 as a refused number, with La Poste's words (karrio's recorded body)", () => {
    const body = {
      returnCode: 400,
      returnMessage:
        "Le numéro que vous avez saisi n’est pas valide. Nous vous invitons à vérifier votre saisie, en particulier le nombre de caractères.",
      lang: "fr_FR",
      scope: "open",
      idShip: "WBZQ03ENZJ6BBBTEELZWITJTAGYKA19WR6OOJ6MIVZARY3OVPSX4A495YOMXBLKC",
    };
    const result = parseTrackingResponse(400, body);
    expect(result).toMatchObject({ ok: false, kind: "invalid" });
    if (!result.ok) {
      expect(result.message).toContain("11 à 15 lettres et chiffres");
      expect(result.message).toContain("« Le numéro que vous avez saisi n’est pas valide.");
    }
    expect(parseTrackingResponse(400, undefined)).toMatchObject({ kind: "invalid" });
  });

  it.each<[number, unknown, string]>([
    [
      429,
      {
        code: "TOO_MANY_REQUESTS",
        message: "Rate limited, max quota reached (100 calls per 1s) (TOO_MANY_REQUESTS).",
      },
      "limite le nombre d'appels",
    ],
    [
      500,
      { returnCode: 500, returnMessage: "Internal Server Error", lang: "fr_FR", scope: "open" },
      "HTTP 500",
    ],
    [
      503,
      { code: "SERVICE_UNAVAILABLE", message: "The service is currently unavailable (SERVICE_UNAVAILABLE)." },
      "HTTP 503",
    ],
    [504, { returnCode: 504, returnMessage: "Gateway Timeout", lang: "fr_FR", scope: "open" }, "HTTP 504"],
    [302, undefined, "illisible"],
  ])("reads HTTP %i as unavailable, to retry later", (status, body, words) => {
    const result = parseTrackingResponse(status, body);
    expect(result).toMatchObject({ ok: false, kind: "unavailable" });
    if (!result.ok) expect(result.message).toContain(words);
  });
});

describe("event codes", () => {
  it("knows La Poste's documented codes, with French labels", () => {
    expect(Object.keys(TRACKING_CODES)).toEqual(
      expect.arrayContaining(
        "DR1 PC1 PC2 ET1 ET2 ET3 ET4 EP1 DO1 DO2 DO3 PB1 PB2 MD2 ND1 AG1 RE1 DI1 DI2".split(" "),
      ),
    );
    expect(trackingCodeLabel("AG1")).toBe("En attente d’être retiré au guichet");
    expect(trackingCodeLabel("DI2")).toBe("Distribué à l’expéditeur");
    expect(trackingCodeLabel("XX1")).toBe("Événement La Poste XX1");
  });

  it("counts as delivered to the customer DI1 and DI0 only", () => {
    const delivered = Object.keys(TRACKING_CODES).filter(isDeliveredCode);
    expect(delivered.sort()).toStrictEqual(["DI0", "DI1"]);
    expect(isDeliveredCode("AG1")).toBe(false);
    expect(isDeliveredCode("MD2")).toBe(false);
  });

  it("counts as returned RE1 (on its way back) and DI2 (back at the shop)", () => {
    expect(Object.keys(TRACKING_CODES).filter(isReturnedCode).sort()).toStrictEqual(["DI2", "RE1"]);
  });
});

describe("parseLaposteDate", () => {
  it("reads La Poste's format, with its offset", () => {
    expect(parseLaposteDate("2023-03-09T09:38:00+01:00")).toBe(Date.parse("2023-03-09T08:38:00Z"));
    expect(parseLaposteDate("2020-07-04T01:25:12+02:00")).toBe(Date.parse("2020-07-03T23:25:12Z"));
    expect(parseLaposteDate("2024-02-29T12:00:00Z")).toBe(Date.parse("2024-02-29T12:00:00Z"));
    expect(parseLaposteDate("2023-03-09T09:38+01:00")).toBe(Date.parse("2023-03-09T08:38:00Z"));
  });

  it.each([
    "2023-02-29T12:00:00+01:00",
    "2023-03-09",
    "2023-03-09T09:38:00",
    "2023-03-09 09:38:00+01:00",
    "",
    1678351080000,
  ])("refuses %s", (value) => {
    expect(parseLaposteDate(value)).toBeNull();
  });
});

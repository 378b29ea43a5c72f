import { describe, expect, it } from "vitest";
import { HOME_LABEL_INPUT } from "../../../../tests/fixtures/colissimo";
import { addressLines, colissimoPhone, slsWeightKg } from "./fields";
import { COLISSIMO_PRODUCT_LABELS, type LabelInput, labelRequestBody, SLS_PRODUCT_CODES } from "./request";

const homeOrder: LabelInput = HOME_LABEL_INPUT;

const relayOrder: LabelInput = {
  ...homeOrder,
  format: "PDF_A4_300dpi",
  productCode: "A2P",
  orderNumber: "4HT9W2NB",
  weightGrams: 1234,
  pickupLocationId: "986512",
  sender: {
    companyName: "Savonnerie d'Alep SARL",
    line: "12 rue des Savonniers",
    zipCode: "13001",
    city: "Marseille",
    countryCode: "FR",
  },
  addressee: {
    firstName: "Marc",
    lastName: "Lefèvre",
    line1: "3 place du Marché",
    line2: null,
    zipCode: "35000",
    city: "Rennes",
    countryCode: "FR",
    phone: "+33745896312",
    email: "marc.lefevre@example.org",
  },
};

describe("labelRequestBody: the contract, every field sent", () => {
  it("a home order without signature", () => {
    expect(labelRequestBody(homeOrder)).toStrictEqual({
      contractNumber: "820345",
      password: "s3cret Mdp",
      outputFormat: { x: 0, y: 0, outputPrintingType: "PDF_10x15_300dpi" },
      letter: {
        service: {
          productCode: "DOM",
          depositDate: "2026-06-02",
          orderNumber: "8ZK3P7QD",
          commercialName: "Savonnerie d'Alep",
        },
        parcel: { weight: 0.54 },
        sender: {
          senderParcelRef: "8ZK3P7QD",
          address: {
            companyName: "Savonnerie d'Alep SARL",
            line2: "12 rue des Savonniers",
            countryCode: "FR",
            city: "Marseille",
            zipCode: "13001",
            email: "contact@savonnerie.example",
            phoneNumber: "0491234568",
          },
        },
        addressee: {
          addresseeParcelRef: "8ZK3P7QD",
          address: {
            lastName: "Dupré",
            firstName: "Élodie",
            line2: "8 avenue Jean Jaurès",
            line3: "Bâtiment B, 3e étage",
            countryCode: "FR",
            city: "Lyon",
            zipCode: "69007",
            mobileNumber: "0663124578",
            email: "elodie.dupre@example.com",
          },
        },
      },
    });
  });

  it("a relay order: SLS's code HD and the pick-up point, no empty optional field", () => {
    expect(labelRequestBody(relayOrder)).toStrictEqual({
      contractNumber: "820345",
      password: "s3cret Mdp",
      outputFormat: { x: 0, y: 0, outputPrintingType: "PDF_A4_300dpi" },
      letter: {
        service: {
          productCode: "HD",
          depositDate: "2026-06-02",
          orderNumber: "4HT9W2NB",
          commercialName: "Savonnerie d'Alep",
        },
        parcel: { weight: 1.24, pickupLocationId: "986512" },
        sender: {
          senderParcelRef: "4HT9W2NB",
          address: {
            companyName: "Savonnerie d'Alep SARL",
            line2: "12 rue des Savonniers",
            countryCode: "FR",
            city: "Marseille",
            zipCode: "13001",
          },
        },
        addressee: {
          addresseeParcelRef: "4HT9W2NB",
          address: {
            lastName: "Lefèvre",
            firstName: "Marc",
            line2: "3 place du Marché",
            countryCode: "FR",
            city: "Rennes",
            zipCode: "35000",
            mobileNumber: "0745896312",
            email: "marc.lefevre@example.org",
          },
        },
      },
    });
  });

  it("sends DOS as it is, and never a pick-up point for a home delivery", () => {
    const body = labelRequestBody({ ...homeOrder, productCode: "DOS", pickupLocationId: "986512" });
    expect(body.letter.service.productCode).toBe("DOS");
    expect(body.letter.parcel).toStrictEqual({ weight: 0.54 });
  });

  it("names each product in French and maps it to SLS's code", () => {
    expect(COLISSIMO_PRODUCT_LABELS).toStrictEqual({
      DOM: "Colissimo Domicile sans signature",
      DOS: "Colissimo Domicile contre signature",
      A2P: "Colissimo en point retrait",
    });
    expect(SLS_PRODUCT_CODES).toStrictEqual({ DOM: "DOM", DOS: "DOS", A2P: "HD" });
  });

  it("survives JSON: the body is what goes over the wire", () => {
    const body = labelRequestBody(relayOrder);
    expect(JSON.parse(JSON.stringify(body))).toStrictEqual(body);
    expect(JSON.stringify(body)).toContain('"weight":1.24');
  });
});

describe("the weight: kilograms, 2 decimals, never lighter than the parcel", () => {
  it.each([
    [540, 0.54],
    [541, 0.55],
    [1234, 1.24],
    [1000, 1],
    [1, 0.01],
    [10, 0.01],
    [29_995, 30],
    [30_000, 30],
    [19_002, 19.01],
  ])("%i g is %s kg", (grams, kg) => {
    expect(slsWeightKg(grams)).toBe(kg);
    expect(labelRequestBody({ ...homeOrder, weightGrams: grams }).letter.parcel.weight).toBe(kg);
  });
});

describe("the phone as Colissimo wants it", () => {
  it.each([
    ["+33663124578", "FR", { mobileNumber: "0663124578" }],
    ["+33745896312", "FR", { mobileNumber: "0745896312" }],
    ["+33 6 63 12 45 78", "FR", { mobileNumber: "0663124578" }],
    ["0033663124578", "FR", { mobileNumber: "0663124578" }],
    ["06 63 12 45 78", "FR", { mobileNumber: "0663124578" }],
    // A landline gets no SMS: it is a phone, not a mobile (a relay order then lacks its mobile: SLS 30220).
    ["+33491234568", "FR", { phoneNumber: "0491234568" }],
    ["+33912345678", "FR", { phoneNumber: "0912345678" }],
    // Abroad, a French number keeps its prefix, and is not the destination's mobile.
    ["+33663124578", "BE", { phoneNumber: "+33663124578" }],
    ["+33663124578", "CH", { phoneNumber: "+33663124578" }],
    ["+32470123456", "BE", { mobileNumber: "+32470123456" }],
    ["+41791234567", "CH", { phoneNumber: "+41791234567" }],
    ["+4179123456789", "CH", {}],
    ["pas de téléphone", "FR", {}],
    ["", "FR", {}],
  ])("%s for a parcel to %s", (phone, country, expected) => {
    expect(colissimoPhone(phone, country)).toStrictEqual(expected);
  });

  it("puts the customer's landline in phoneNumber and the shop's mobile in phoneNumber too", () => {
    const body = labelRequestBody({
      ...homeOrder,
      sender: { ...homeOrder.sender, phone: "+33612457836" },
      addressee: { ...homeOrder.addressee, phone: "+33472001122" },
    });
    expect(body.letter.sender.address.phoneNumber).toBe("0612457836");
    expect(body.letter.sender.address).not.toHaveProperty("mobileNumber");
    expect(body.letter.addressee.address.phoneNumber).toBe("0472001122");
    expect(body.letter.addressee.address).not.toHaveProperty("mobileNumber");
  });
});

describe("truncation to SLS's lengths", () => {
  const long = {
    ...homeOrder,
    orderNumber: "COMMANDE-2026-06-01-000000000042-BIS",
    commercialName: "La Savonnerie Artisanale d'Alep et du Levant",
    sender: {
      ...homeOrder.sender,
      companyName: "Savonnerie Artisanale d'Alep et du Levant SARL",
      city: "Saint-Rémy-de-Provence-sur-Durance-la-Jolie",
    },
    addressee: {
      ...homeOrder.addressee,
      firstName: "Marie-Françoise-Bernadette-Élise",
      lastName: "de La Rochefoucauld-Montmorency-Laval",
      line1: "Résidence Les Jardins, 128 boulevard du Maréchal de Lattre de Tassigny",
      line2: null,
    },
  } satisfies LabelInput;
  const body = labelRequestBody(long);

  it("cuts the free text at the documented lengths, counting characters", () => {
    expect(body.letter.service.orderNumber).toBe("COMMANDE-2026-06-01-0000000000");
    expect(body.letter.service.commercialName).toBe("La Savonnerie Artisanale d'Ale");
    expect(body.letter.sender.senderParcelRef).toBe("COMMANDE-2026-06-");
    expect(body.letter.addressee.addresseeParcelRef).toBe("COMMANDE-2026-0");
    expect(body.letter.sender.address.companyName).toBe("Savonnerie Artisanale d'Alep et du");
    expect(body.letter.sender.address.city).toBe("Saint-Rémy-de-Provence-sur-Durance-");
    expect(body.letter.addressee.address.firstName).toBe("Marie-Françoise-Bernadette-Él");
    expect(body.letter.addressee.address.lastName).toBe("de La Rochefoucauld-Montmorency-Lav");
    for (const [field, max] of [
      [body.letter.service.orderNumber, 30],
      [body.letter.service.commercialName, 30],
      [body.letter.sender.senderParcelRef, 17],
      [body.letter.addressee.addresseeParcelRef, 15],
      [body.letter.addressee.address.firstName, 29],
      [body.letter.addressee.address.lastName, 35],
    ] as const)
      expect(Array.from(field ?? "").length).toBeLessThanOrEqual(max);
  });

  it("carries a long street over line3 at a space, when there is no complement", () => {
    expect(body.letter.addressee.address.line2).toBe("Résidence Les Jardins, 128");
    expect(body.letter.addressee.address.line3).toBe("boulevard du Maréchal de Lattre de");
  });

  it("puts the complement in line3 and cuts each line at 35", () => {
    expect(addressLines("12 rue des Savonniers", " Bât. B,\n  apt 12 ", "FR")).toStrictEqual({
      line2: "12 rue des Savonniers",
      line3: "Bât. B, apt 12",
    });
    expect(addressLines("x".repeat(40), "y".repeat(40), "FR")).toStrictEqual({
      line2: "x".repeat(35),
      line3: "y".repeat(35),
    });
    expect(addressLines("x".repeat(50), null, "FR")).toStrictEqual({
      line2: "x".repeat(35),
      line3: "x".repeat(15),
    });
    expect(addressLines("  8  avenue\tJean Jaurès ", "", "FR")).toStrictEqual({
      line2: "8 avenue Jean Jaurès",
    });
  });

  it("keeps the complement on line2 where line3 does not print (Belgium, Switzerland)", () => {
    expect(addressLines("Rue Neuve 12", "boîte 3", "BE")).toStrictEqual({ line2: "Rue Neuve 12 boîte 3" });
    expect(addressLines("Chemin des Vignes 4", "Résidence du Lac, bâtiment C", "CH")).toStrictEqual({
      line2: "Chemin des Vignes 4 Résidence du",
    });
    expect(addressLines("Grand-Rue 7", "2e étage", "LU")).toStrictEqual({
      line2: "Grand-Rue 7",
      line3: "2e étage",
    });
  });

  it("never cuts what would become wrong: e-mail, postal code, pick-up point", () => {
    const email = `${"a".repeat(85)}@example.com`;
    const odd = labelRequestBody({
      ...relayOrder,
      pickupLocationId: " 9865120 ",
      addressee: { ...relayOrder.addressee, email, zipCode: "350001" },
    });
    expect(odd.letter.addressee.address.email).toBe(email);
    expect(odd.letter.addressee.address.zipCode).toBe("350001");
    expect(odd.letter.parcel.pickupLocationId).toBe("9865120");
  });

  it("trims and upper-cases the country, keeps the password as typed", () => {
    const body = labelRequestBody({
      ...homeOrder,
      password: " pass word ",
      addressee: { ...homeOrder.addressee, countryCode: " fr " },
    });
    expect(body.password).toBe(" pass word ");
    expect(body.letter.addressee.address.countryCode).toBe("FR");
  });
});

import { describe, expect, it } from "vitest";
import { HOME_LABEL_INPUT } from "../../../tests/fixtures/colissimo";
import {
  addressLines,
  COLISSIMO_PRODUCT_LABELS,
  colissimoPhone,
  type LabelInput,
  labelRefusalMessage,
  labelRequestBody,
  parseLabelResponse,
  SLS_PRODUCT_CODES,
  slsWeightKg,
  UNREADABLE_ANSWER_ID,
} from "./colissimo-label";

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

// ---------------------------------------------------------------------------------------------------------------
// SLS's answers, byte for byte: CRLF line ends, a `uuid:` boundary, the JSON part then the label's raw bytes
// (recorded by karrio's and scraper-colissimo's tests; the PDF here is made up but binary, like a real one).

const BOUNDARY = "uuid:dee537d3-3319-4ad8-87c1-b958f43e0739";
const CONTENT_TYPE = `multipart/mixed; boundary="${BOUNDARY}"; type="application/json"; start="<jsonInfos>"`;
const bytes = (text: string) => new TextEncoder().encode(text);
const concat = (...chunks: Uint8Array[]) => {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
};

/** A PDF with what breaks text decoding: bytes >= 0x80, invalid UTF-8, NULs, CRLFs, and a near-boundary. */
const PDF = concat(
  bytes("%PDF-1.3\r\n%"),
  Uint8Array.of(0xe2, 0xe3, 0xcf, 0xd3),
  bytes("\r\n1 0 obj\r\n<< /Length 48 /Filter /FlateDecode >>\r\nstream\r\n"),
  Uint8Array.of(0x78, 0x9c, 0x00, 0xff, 0xfe, 0x80, 0xc3, 0x28, 0x0d, 0x0a, 0x0d, 0x0a, 0x2d, 0x2d),
  bytes(`\r\n--uuid:not-the-boundary\r\n--${BOUNDARY}x\r\n`),
  Uint8Array.of(0x9d, 0x0a, 0x0d, 0xa0, 0xc0),
  bytes("\r\nendstream\r\nendobj\r\n%%EOF\r\n"),
);

const SUCCESS_JSON =
  '{"messages":[{"id":"0","type":"INFOS","messageContent":"La requête a été traitée avec succès",' +
  '"replacementValues":[]}],"labelXmlV2Reponse":null,"labelV2Response":{"parcelNumber":"6A15984040331",' +
  '"parcelNumberPartner":"0075001116A1598404033801250L","pdfUrl":null,"fields":null}}';

const recordedSuccess = concat(
  bytes(
    `--${BOUNDARY}\r\nContent-Type: application/json;charset=UTF-8\r\nContent-Transfer-Encoding: binary\r\n` +
      `Content-ID: <jsonInfos>\r\n\r\n${SUCCESS_JSON}\r\n--${BOUNDARY}\r\n` +
      "Content-Type: application/octet-stream\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <label>\r\n\r\n",
  ),
  PDF,
  bytes(`\r\n--${BOUNDARY}--\r\n`),
);

const recordedRefusal = bytes(
  "--uuid:07a458a8-bd7d-45ab-8349-865ac38f9b6e\r\nContent-Type: application/json;charset=UTF-8\r\n" +
    "Content-Transfer-Encoding: binary\r\nContent-ID: <jsonInfos>\r\n\r\n" +
    '{"messages":[{"id":"30000","type":"ERROR","messageContent":"Identifiant ou mot de passe incorrect"}],' +
    '"labelXmlV2Reponse":null,"labelV2Response":null}\r\n--uuid:07a458a8-bd7d-45ab-8349-865ac38f9b6e--\r\n',
);

describe("parseLabelResponse", () => {
  it("reads a recorded success: the parcel number, and the PDF byte for byte", () => {
    const answer = parseLabelResponse(recordedSuccess, CONTENT_TYPE);
    expect(answer).toStrictEqual({ ok: true, parcelNumber: "6A15984040331", pdf: PDF });
    if (answer.ok) expect(answer.pdf.buffer).not.toBe(recordedSuccess.buffer);
  });

  it("finds the boundary unquoted, or in the body when the header lacks it", () => {
    const withoutEnd = recordedSuccess.subarray(0, recordedSuccess.length - 2);
    for (const [body, type] of [
      [recordedSuccess, `multipart/mixed; boundary=${BOUNDARY}; start="<jsonInfos>"`],
      [recordedSuccess, "multipart/mixed"],
      [recordedSuccess, ""],
      [withoutEnd, CONTENT_TYPE],
    ] as const) {
      const answer = parseLabelResponse(body, type);
      expect(answer.ok && answer.parcelNumber).toBe("6A15984040331");
      expect(answer.ok && answer.pdf).toStrictEqual(PDF);
    }
  });

  it("accepts bare LFs and a base64 label part", () => {
    const lf = bytes(
      `--${BOUNDARY}\nContent-Type: application/json\nContent-ID: <jsonInfos>\n\n${SUCCESS_JSON}\n--${BOUNDARY}\n` +
        `Content-ID: <label>\nContent-Transfer-Encoding: base64\n\n${btoa(String.fromCharCode(...PDF))}\n` +
        `--${BOUNDARY}--`,
    );
    expect(parseLabelResponse(lf, CONTENT_TYPE)).toStrictEqual({
      ok: true,
      parcelNumber: "6A15984040331",
      pdf: PDF,
    });
  });

  it("reads a recorded refusal: the ERROR messages", () => {
    expect(
      parseLabelResponse(
        recordedRefusal,
        'multipart/mixed; boundary="uuid:07a458a8-bd7d-45ab-8349-865ac38f9b6e"; type="application/json"',
      ),
    ).toStrictEqual({
      ok: false,
      messages: [{ id: "30000", messageContent: "Identifiant ou mot de passe incorrect" }],
    });
  });

  it("reads a refusal sent as plain JSON, and keeps only the errors", () => {
    const json = bytes(
      '{"messages":[{"id":"0","type":"INFOS","messageContent":"ok"},{"id":30211,"type":"ERROR",' +
        '"messageContent":"Le code postal du destinataire est incorrect"}],"labelV2Response":null}',
    );
    expect(parseLabelResponse(json, "application/json;charset=UTF-8")).toStrictEqual({
      ok: false,
      messages: [{ id: "30211", messageContent: "Le code postal du destinataire est incorrect" }],
    });
  });

  it.each([
    ["an empty body", new Uint8Array(0), CONTENT_TYPE],
    ["a gateway's HTML page", bytes("<html><body>502 Bad Gateway</body></html>"), "text/html"],
    ["a cut-off answer", recordedSuccess.subarray(0, 600), CONTENT_TYPE],
    [
      "a JSON part that is not JSON",
      bytes(`--${BOUNDARY}\r\nContent-ID: <jsonInfos>\r\n\r\n{"messages":[\r\n--${BOUNDARY}--`),
      CONTENT_TYPE,
    ],
    [
      "a success without its label",
      bytes(`--${BOUNDARY}\r\nContent-ID: <jsonInfos>\r\n\r\n${SUCCESS_JSON}\r\n--${BOUNDARY}--`),
      CONTENT_TYPE,
    ],
    [
      "a label without its JSON",
      concat(bytes(`--${BOUNDARY}\r\nContent-ID: <label>\r\n\r\n`), PDF, bytes(`\r\n--${BOUNDARY}--`)),
      CONTENT_TYPE,
    ],
    [
      "no parcel number",
      bytes('{"messages":[{"id":"0","type":"INFOS","messageContent":"ok"}]}'),
      "application/json",
    ],
    ["JSON that is no object", bytes("[1,2]"), "application/json"],
    ...["../../../../evil", "6A1598404033/", "6A15984040331\u0000", "6A 598404033"].map(
      (parcelNumber): [string, Uint8Array, string] => [
        `the parcel number ${JSON.stringify(parcelNumber)}`,
        concat(
          bytes(
            `--${BOUNDARY}\r\nContent-ID: <jsonInfos>\r\n\r\n${SUCCESS_JSON.replace("6A15984040331", JSON.stringify(parcelNumber).slice(1, -1))}` +
              `\r\n--${BOUNDARY}\r\nContent-ID: <label>\r\n\r\n`,
          ),
          PDF,
          bytes(`\r\n--${BOUNDARY}--\r\n`),
        ),
        CONTENT_TYPE,
      ],
    ),
  ])("turns %s into one unreadable-answer message", (_case, body, type) => {
    const answer = parseLabelResponse(body, type);
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.messages).toHaveLength(1);
      expect(answer.messages[0]?.id).toBe(UNREADABLE_ANSWER_ID);
    }
  });
});

describe("a hostile refusal", () => {
  it("is kept to five clean, bounded messages with SLS-like ids", () => {
    const message = (id: string, text: string) => ({ id, type: "ERROR", messageContent: text });
    const hostile = `Refus\u0000\u001b[2J<h1>Appelez le 08 99 00 00 00</h1><script>x</script>${"y".repeat(5000)}`;
    const json = bytes(
      JSON.stringify({
        messages: [
          message("30999", hostile),
          message("<img src=x>", "Texte"),
          ...Array.from({ length: 20 }, (_, n) => message(String(31000 + n), "Encore")),
        ],
        labelV2Response: null,
      }),
    );
    const answer = parseLabelResponse(json, "application/json");
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.messages).toHaveLength(5);
    expect(answer.messages[1]).toEqual({ id: "", messageContent: "Texte" });
    const first = answer.messages[0]?.messageContent ?? "";
    expect(Array.from(first).length).toBeLessThanOrEqual(300);
    expect(first).toMatch(/^Refus\[2J Appelez le 08 99 00 00 00 x y+…$/);
    const sentence = labelRefusalMessage(answer.messages);
    expect(sentence.length).toBeLessThan(500);
    expect(sentence).not.toMatch(/[\p{Cc}<>]/u);
  });
});

describe("labelRefusalMessage", () => {
  it("says what to do for the frequent ids, with the code", () => {
    expect(
      labelRefusalMessage([{ id: "30000", messageContent: "Identifiant ou mot de passe incorrect" }]),
    ).toBe(
      "Colissimo a refusé l'étiquette : le numéro de contrat ou le mot de passe Colissimo est refusé, " +
        "vérifiez-les dans Paramètres (code 30000).",
    );
    expect(
      labelRefusalMessage([
        { id: "30220", messageContent: "Le numéro de portable du destinataire n'a pas été transmis" },
      ]),
    ).toBe(
      "Colissimo a refusé l'étiquette : le numéro de portable du client manque, il est obligatoire pour un point " +
        "retrait (code 30220).",
    );
  });

  it("keeps SLS's own text for the other ids, and lists every message", () => {
    expect(
      labelRefusalMessage([
        { id: "30600", messageContent: "Le champ line2 contient un caractère # non valide." },
        { id: "30211", messageContent: "Le code postal du destinataire est incorrect" },
      ]),
    ).toBe(
      "Colissimo a refusé l'étiquette : Le champ line2 contient un caractère # non valide (code 30600) ; " +
        "le code postal du client est incorrect (code 30211).",
    );
    expect(labelRefusalMessage([{ id: "", messageContent: "" }])).toBe(
      "Colissimo a refusé l'étiquette : raison non précisée.",
    );
    expect(labelRefusalMessage([])).toBe("Colissimo a refusé l'étiquette sans en donner la raison.");
  });

  it("tells the owner to look for the label before retrying after an unreadable answer", () => {
    const answer = parseLabelResponse(bytes("<html>502</html>"), "text/html");
    expect(answer.ok).toBe(false);
    if (!answer.ok)
      expect(labelRefusalMessage(answer.messages)).toBe(
        "La réponse de Colissimo est illisible (la réponse de Colissimo n'est pas lisible). Vérifiez dans votre " +
          "espace Colissimo si l'étiquette a été créée avant de réessayer.",
      );
  });
});

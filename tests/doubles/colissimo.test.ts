/**
 * The Colissimo double speaks SLS's contract: a body made by labelRequestBody buys a label that parseLabelResponse
 * reads, a refusal comes back as SLS sends it, and each call buys a new parcel. It also speaks La Poste's Suivi v2
 * for the parcels it sold, as parseTrackingResponse reads it.
 */

import { PDFDocument } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelRefusalMessage } from "../../src/domain/shipping/colissimo-label/refusal-message";
import {
  type LabelInput,
  labelRequestBody,
  SLS_GENERATE_LABEL_PATH,
} from "../../src/domain/shipping/colissimo-label/request";
import { parseLabelResponse } from "../../src/domain/shipping/colissimo-label/response";
import {
  parseLaposteDate,
  parseTrackingResponse,
  TRACKING_PATH,
  trackingRequestHeaders,
} from "../../src/domain/shipping/laposte-tracking";
import { HOME_LABEL_INPUT } from "../fixtures/colissimo";
import {
  type ColissimoDouble,
  laposteDate,
  parcelNumberCheckDigit,
  parisToday,
  startColissimoDouble,
} from "./colissimo";

let double: ColissimoDouble;
beforeAll(async () => {
  double = await startColissimoDouble({ contractNumber: "820345", password: "s3cret Mdp" });
});
afterAll(() => double.close());

const order = (): LabelInput => ({
  ...HOME_LABEL_INPUT,
  contractNumber: double.contractNumber,
  password: double.password,
  depositDate: parisToday(),
});
const relay = (): LabelInput => ({ ...order(), productCode: "A2P", pickupLocationId: "986512" });

/** One generateLabel call, as the shop's adapter makes it. */
async function generate(body: unknown) {
  const response = await fetch(`${double.url}${SLS_GENERATE_LABEL_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "multipart/mixed" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const contentType = response.headers.get("content-type") ?? "";
  return { status: response.status, contentType, bytes, answer: parseLabelResponse(bytes, contentType) };
}

async function pdfText(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true });
  return text;
}

describe("the Colissimo double", () => {
  it("sells a home label that parseLabelResponse reads: a parcel number and a 10 × 15 cm PDF", async () => {
    const body = labelRequestBody(order());
    const before = double.labels.length;
    const { status, contentType, answer } = await generate(body);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^multipart\/mixed; boundary="uuid:[0-9a-f-]{36}"/);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.parcelNumber).toMatch(/^6A\d{11}$/);
    expect(Number(answer.parcelNumber[12])).toBe(parcelNumberCheckDigit(answer.parcelNumber.slice(2, 12)));

    // A real PDF went through the multipart answer untouched: binary bytes and all.
    expect(new TextDecoder().decode(answer.pdf.subarray(0, 5))).toBe("%PDF-");
    expect(answer.pdf.some((byte) => byte >= 0x80)).toBe(true);
    const [page] = (await PDFDocument.load(answer.pdf)).getPages();
    expect(page?.getWidth()).toBeCloseTo(283.46, 1);
    expect(page?.getHeight()).toBeCloseTo(425.2, 1);
    const text = await pdfText(answer.pdf);
    expect(text.replace(/\s/g, "")).toContain(answer.parcelNumber);
    expect(text).toContain("Élodie Dupré");
    expect(text).toContain("69007 LYON");

    expect(double.labels).toHaveLength(before + 1);
    expect(double.labels.at(-1)).toMatchObject({
      request: body,
      parcelNumber: answer.parcelNumber,
      pdf: answer.pdf,
    });
  });

  it("sells a relay label on A4 with SLS's HD code", async () => {
    const body = labelRequestBody({ ...relay(), format: "PDF_A4_300dpi" });
    expect(body.letter.service.productCode).toBe("HD");
    const { answer } = await generate(body);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.parcelNumber).toMatch(/^6M\d{11}$/);
    const [page] = (await PDFDocument.load(answer.pdf)).getPages();
    expect(page?.getWidth()).toBeCloseTo(595.28, 1);
    expect(page?.getHeight()).toBeCloseTo(841.89, 1);
    expect(await pdfText(answer.pdf)).toContain("Point retrait n° 986512");
    expect(double.labels.at(-1)?.request).toStrictEqual(body);
  });

  it("buys a new label on every call: SLS has no idempotency", async () => {
    const body = labelRequestBody({ ...order(), productCode: "DOS" });
    const first = await generate(body);
    const second = await generate(body);
    expect(first.answer.ok && second.answer.ok).toBe(true);
    if (!first.answer.ok || !second.answer.ok) return;
    expect(first.answer.parcelNumber).toMatch(/^6C\d{11}$/);
    expect(second.answer.parcelNumber).not.toBe(first.answer.parcelNumber);
    expect(double.labels.slice(-2).map((label) => label.parcelNumber)).toStrictEqual([
      first.answer.parcelNumber,
      second.answer.parcelNumber,
    ]);
  });

  it("refuses a wrong password with SLS's message, as a 400 multipart answer, and sells nothing", async () => {
    const before = double.labels.length;
    const { status, contentType, answer } = await generate(
      labelRequestBody({ ...order(), password: "faux" }),
    );
    expect(status).toBe(400);
    expect(contentType).toMatch(/^multipart\/mixed; boundary="uuid:/);
    expect(answer).toStrictEqual({
      ok: false,
      messages: [{ id: "30000", messageContent: "Identifiant ou mot de passe incorrect" }],
    });
    if (!answer.ok) expect(labelRefusalMessage(answer.messages)).toContain("(code 30000)");
    expect(double.labels).toHaveLength(before);
  });

  it("refuses the next call as told, once", async () => {
    double.refuseNext("40015", "Service momentanément indisponible");
    const refused = await generate(labelRequestBody(order()));
    expect(refused.status).toBe(400);
    expect(refused.answer).toStrictEqual({
      ok: false,
      messages: [{ id: "40015", messageContent: "Service momentanément indisponible" }],
    });
    expect((await generate(labelRequestBody(order()))).answer.ok).toBe(true);
  });

  it.each<[string, (input: LabelInput) => LabelInput, string]>([
    [
      "a relay order without a mobile",
      (i) => ({ ...i, addressee: { ...i.addressee, phone: "+33472001122" } }),
      "30220",
    ],
    ["a relay order without its pick-up point", (i) => ({ ...i, pickupLocationId: "" }), "30400"],
    ["a pick-up point that is not 6 digits", (i) => ({ ...i, pickupLocationId: "98651" }), "30401"],
    ["a relay order without the shop's name", (i) => ({ ...i, commercialName: " " }), "30018"],
    [
      "a relay order without the first name",
      (i) => ({ ...i, addressee: { ...i.addressee, firstName: "" } }),
      "30202",
    ],
    [
      "a mobile whose digits follow each other",
      (i) => ({ ...i, addressee: { ...i.addressee, phone: "+33612345678" } }),
      "30221",
    ],
    [
      "a French postal code of 4 digits",
      (i) => ({ ...i, addressee: { ...i.addressee, zipCode: "6900" } }),
      "30211",
    ],
    [
      "a shop postal code of 6 digits",
      (i) => ({ ...i, sender: { ...i.sender, zipCode: "130010" } }),
      "30107",
    ],
    ["no street", (i) => ({ ...i, addressee: { ...i.addressee, line1: " " } }), "30204"],
    ["no last name", (i) => ({ ...i, addressee: { ...i.addressee, lastName: "" } }), "30200"],
    ["an e-mail that is none", (i) => ({ ...i, addressee: { ...i.addressee, email: "elodie" } }), "30223"],
    ["a parcel over 30 kg", (i) => ({ ...i, weightGrams: 30_001 }), "30301"],
    ["a parcel weighing nothing", (i) => ({ ...i, weightGrams: 0 }), "30301"],
    ["a deposit date already past", (i) => ({ ...i, depositDate: "2020-01-02" }), "30002"],
    ["no deposit date", (i) => ({ ...i, depositDate: "" }), "30010"],
  ])("refuses %s (%s)", async (_case, change, id) => {
    const before = double.labels.length;
    const { status, answer } = await generate(labelRequestBody(change(relay())));
    expect(status).toBe(400);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.messages.map((message) => message.id)).toStrictEqual([id]);
    expect(double.labels).toHaveLength(before);
  });

  it("refuses what the shop never sends: an old product code, a pick-up point at home, a ZPL label", async () => {
    const home = labelRequestBody(order());
    const cases: [unknown, string][] = [
      [
        { ...home, letter: { ...home.letter, service: { ...home.letter.service, productCode: "A2P" } } },
        "30015",
      ],
      [
        { ...home, letter: { ...home.letter, parcel: { weight: 0.54, pickupLocationId: "986512" } } },
        "30401",
      ],
      [{ ...home, outputFormat: { x: 0, y: 0, outputPrintingType: "ZPL_10x15_203dpi" } }, "30026"],
      [{ ...home, letter: { ...home.letter, parcel: { weight: 1.234 } } }, "30301"],
      [{ ...home, letter: { ...home.letter, parcel: {} } }, "30300"],
      [{ ...home, contractNumber: "999999" }, "30000"],
    ];
    for (const [body, id] of cases) {
      const { answer } = await generate(body);
      expect(answer.ok ? "sold" : answer.messages[0]?.id).toBe(id);
    }
  });

  it("answers a body that is not JSON with 422", async () => {
    const { status, answer } = await generate("{ pas du json");
    expect(status).toBe(422);
    expect(answer.ok).toBe(false);
  });
});

/** One tracking call, as the shop's adapter makes it. */
async function tracking(idShip: string, apiKey: string | null = double.apiKey) {
  const response = await fetch(`${double.url}${TRACKING_PATH(idShip)}`, {
    headers: apiKey === null ? { Accept: "application/json" } : trackingRequestHeaders(apiKey),
  });
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body, result: parseTrackingResponse(response.status, body, idShip) };
}

/** A parcel freshly sold by the double. */
async function soldParcel(): Promise<string> {
  const { answer } = await generate(labelRequestBody(order()));
  if (!answer.ok) throw new Error("the double refused the label");
  return answer.parcelNumber;
}

/** `hours` after this file started, to the second (La Poste's dates have none finer): the same value every call. */
const startedAt = Math.floor(Date.now() / 1000) * 1000;
const later = (hours: number) => new Date(startedAt + hours * 3_600_000).toISOString();

describe("the Colissimo double's Suivi v2", () => {
  it("knows a parcel from its label on: DR1 at the label's creation, not delivered, not final", async () => {
    const parcelNumber = await soldParcel();
    const label = double.labels.at(-1);
    const { status, body, result } = await tracking(parcelNumber);
    expect(status).toBe(200);
    expect(result).toStrictEqual({
      ok: true,
      parcelNumber,
      events: [
        {
          code: "DR1",
          label:
            "Votre Colissimo va bientôt nous être confié ! Il est en cours de préparation chez votre expéditeur.",
          at: new Date(Math.floor(Date.parse(label?.at ?? "") / 1000) * 1000).toISOString(),
        },
      ],
      delivered: null,
      returned: false,
      isFinal: false,
      estimated: null,
    });
    // La Poste's envelope and shipment fields, its date format with the Paris offset, newest event first.
    expect(body).toMatchObject({
      lang: "fr_FR",
      scope: "open",
      returnCode: 200,
      shipment: {
        idShip: parcelNumber,
        holder: 4,
        product: "colissimo",
        isFinal: false,
        contextData: { deliveryChoice: { deliveryChoice: 0 }, originCountry: "FR", arrivalCountry: "FR" },
        url: `https://www.laposte.fr/outils/suivre-vos-envois?code=${parcelNumber}`,
        event: [{ order: 100, code: "DR1" }],
      },
    });
    const shipment = (
      body as { shipment: { timeline: unknown[]; event: { date: string }[]; entryDate: string } }
    ).shipment;
    expect(shipment.timeline).toHaveLength(5);
    expect(shipment.timeline[0]).toMatchObject({ id: 1, status: true, type: 1 });
    expect(shipment.timeline[1]).toMatchObject({ id: 2, status: false, shortLabel: "" });
    expect(shipment.event[0]?.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
    expect(shipment.entryDate).toBe(shipment.event[0]?.date);
    expect(body).not.toHaveProperty("shipment.deliveryDate");
  });

  it("moves the parcel on as the test says: in transit, then delivered with DI1's date", async () => {
    const parcelNumber = await soldParcel();
    double.track(parcelNumber, "PC1", later(2));
    double.track(parcelNumber, "ET1", later(8));
    const inTransit = await tracking(parcelNumber);
    expect(inTransit.result).toMatchObject({ ok: true, delivered: null, returned: false, isFinal: false });
    if (inTransit.result.ok)
      expect(inTransit.result.events.map((e) => e.code)).toStrictEqual(["DR1", "PC1", "ET1"]);
    expect(inTransit.body).toMatchObject({
      shipment: { event: [{ code: "ET1", order: 100 }, { code: "PC1" }, {}] },
    });

    double.track(parcelNumber, "MD2", later(20));
    double.track(parcelNumber, "DI1", later(26));
    const { body, result } = await tracking(parcelNumber);
    expect(result).toMatchObject({ ok: true, delivered: { at: later(26) }, returned: false, isFinal: true });
    if (result.ok)
      expect(result.events.at(-1)).toStrictEqual({
        code: "DI1",
        label: "Votre colis est livré.",
        at: later(26),
      });
    const shipment = (
      body as { shipment: { deliveryDate: string; timeline: { status: boolean; date?: string }[] } }
    ).shipment;
    expect(shipment.deliveryDate).toBe(laposteDate(Date.parse(later(26))));
    expect(parseLaposteDate(shipment.deliveryDate)).toBe(Date.parse(later(26)));
    expect(shipment.timeline.map((step) => step.status)).toStrictEqual([true, true, true, true, true]);
    expect(shipment.timeline[4]?.date).toBe(shipment.deliveryDate);
  });

  it("gives the estimated delivery the test sets, as La Poste writes it, until the parcel is final", async () => {
    const parcelNumber = await soldParcel();
    double.estimate(parcelNumber, "2026-07-23");
    const on = await tracking(parcelNumber);
    expect((on.body as { shipment: { estimDate?: string } }).shipment.estimDate).toBe(
      "2026-07-23T02:00:00+02:00",
    );
    expect(on.result).toMatchObject({ ok: true, estimated: "2026-07-23" });
    double.track(parcelNumber, "DI1");
    const done = await tracking(parcelNumber);
    expect((done.body as { shipment: { estimDate?: string } }).shipment.estimDate).toBeUndefined();
    expect(done.result).toMatchObject({ ok: true, estimated: null });
  });

  it("tells a parcel back at the shop from a delivered one", async () => {
    const parcelNumber = await soldParcel();
    double.track(parcelNumber, "PC1", later(1));
    double.track(parcelNumber, "ND1", later(30));
    double.track(parcelNumber, "RE1", later(31));
    expect((await tracking(parcelNumber)).result).toMatchObject({
      returned: true,
      delivered: null,
      isFinal: false,
    });
    double.track(parcelNumber, "DI2", later(72));
    expect((await tracking(parcelNumber)).result).toMatchObject({
      returned: true,
      delivered: null,
      isFinal: true,
    });
  });

  it("takes events from another process through /__double/track", async () => {
    const parcelNumber = await soldParcel();
    const post = (body: unknown) =>
      fetch(`${double.url}/__double/track`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post({ parcelNumber, code: "AG1", at: later(30) })).status).toBe(204);
    expect((await post({ parcelNumber, code: "DI1", at: later(50) })).status).toBe(204);
    expect((await tracking(parcelNumber)).result).toMatchObject({
      ok: true,
      delivered: { at: later(50) },
      isFinal: true,
    });
    expect((await post({ parcelNumber: "6A00000000001", code: "DI1" })).status).toBe(404);
    expect((await post({ parcelNumber, code: "livré" })).status).toBe(400);
    expect(() => double.track("6A00000000001", "DI1")).toThrow(/n'a pas vendu/);
  });

  it("refuses a wrong key or none with La Poste's 401, before looking at the parcel", async () => {
    const parcelNumber = await soldParcel();
    for (const key of ["not-the-key", null]) {
      const { status, body, result } = await tracking(parcelNumber, key);
      expect(status).toBe(401);
      expect(body).toStrictEqual({
        returnCode: 401,
        returnMessage: "Unauthorized",
        lang: "fr_FR",
        scope: "open",
      });
      expect(result).toMatchObject({ ok: false, kind: "bad_key" });
    }
    expect((await tracking("pas un numéro", "wrong")).status).toBe(401);
    expect(double.trackingCalls.slice(-3).map((call) => call.keyAccepted)).toStrictEqual([
      false,
      false,
      false,
    ]);
  });

  it("answers 404 for a parcel it did not sell, and 400 for what is no parcel number", async () => {
    const unknown = await tracking("6A00000000001");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      returnCode: 104,
      idShip: "6A00000000001",
      lang: "fr_FR",
      scope: "open",
    });
    expect(unknown.result).toMatchObject({ ok: false, kind: "unknown_parcel" });

    const invalid = await tracking("6A123");
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ returnCode: 400, idShip: "6A123" });
    expect(invalid.result).toMatchObject({ ok: false, kind: "invalid" });
  });

  it("answers a comma-separated list with 207 and one answer per number", async () => {
    const parcelNumber = await soldParcel();
    const response = await fetch(`${double.url}/suivi/v2/idships/${parcelNumber},6A00000000001?lang=fr_FR`, {
      headers: trackingRequestHeaders(double.apiKey),
    });
    expect(response.status).toBe(207);
    const body: unknown = await response.json();
    expect(parseTrackingResponse(207, body, parcelNumber)).toMatchObject({ ok: true, parcelNumber });
    expect(parseTrackingResponse(207, body, "6A00000000001")).toMatchObject({
      ok: false,
      kind: "unknown_parcel",
    });
  });
});

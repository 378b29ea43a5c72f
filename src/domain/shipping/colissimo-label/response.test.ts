import { describe, expect, it } from "vitest";
import { labelRefusalMessage } from "./refusal-message";
import { parseLabelResponse, UNREADABLE_ANSWER_ID } from "./response";

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

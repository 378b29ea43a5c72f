import type { SendEmailCommand } from "@aws-sdk/client-sesv2";
import { describe, expect, it } from "vitest";
import { type InlineImage, type Mail, sesEmail, sesMailer, suppressingMailer, toMime } from "./mail";

const from = "Savonnerie d'Alep <no-reply@savon-alep.fr>";
const mail: Mail = {
  to: "client@example.fr",
  subject: "Confirmation de votre commande n° ABCD1234",
  text: "Virement : IBAN FR76…",
  html: '<p>Virement</p><img src="cid:virement-1@qr" alt="QR code">',
};
const qr: InlineImage = {
  cid: "virement-1@qr",
  filename: "virement-qr.png",
  contentType: "image/png",
  content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
};
const date = new Date("2026-03-01T10:00:00Z");

/** The body of the part whose headers contain `header`, decoded from base64. */
function partBody(mime: string, header: string): Buffer {
  const start = mime.indexOf(header);
  expect(start, header).toBeGreaterThan(-1);
  const body = mime.slice(mime.indexOf("\r\n\r\n", start) + 4).split("\r\n--")[0] as string;
  return Buffer.from(body.replace(/\s/g, ""), "base64");
}

describe("toMime", () => {
  it("writes text and HTML as alternatives when there is no image", () => {
    const mime = toMime(from, mail, date, "m1@test");
    expect(mime).toMatch(/^Content-Type: multipart\/alternative; boundary="/m);
    expect(mime).not.toContain("multipart/related");
    expect(partBody(mime, "Content-Type: text/plain").toString("utf8")).toBe(mail.text);
    expect(partBody(mime, "Content-Type: text/html").toString("utf8")).toBe(mail.html);
  });

  it("puts the HTML and its inline image in a multipart/related inside the alternative", () => {
    const mime = toMime(from, { ...mail, inline: [qr] }, date, "m2@test");
    const alternative = mime.indexOf("multipart/alternative");
    const text = mime.indexOf("Content-Type: text/plain");
    const related = mime.indexOf("Content-Type: multipart/related");
    const html = mime.indexOf("Content-Type: text/html");
    const image = mime.indexOf("Content-Type: image/png");
    // Text first (a text-only reader shows it and sees no attachment), then the HTML with its image.
    expect(alternative).toBeLessThan(text);
    expect(text).toBeLessThan(related);
    expect(related).toBeLessThan(html);
    expect(html).toBeLessThan(image);
    expect(mime).toContain("Content-ID: <virement-1@qr>");
    expect(mime).toContain('Content-Disposition: inline; filename="virement-qr.png"');
    expect([...partBody(mime, "Content-Type: image/png")]).toEqual([...qr.content]);
    // Every boundary opened is closed.
    for (const [, boundary] of mime.matchAll(/boundary="([^"]+)"/g))
      expect(mime).toContain(`--${boundary}--`);
    // 7-bit lines no longer than the 76 characters of base64 (and the headers).
    for (const line of mime.split("\r\n")) expect(line.length).toBeLessThanOrEqual(998);
  });

  it("keeps every header on one line: a line break in a subject or address cannot add a header", () => {
    const mime = toMime(
      from,
      { ...mail, to: "a@example.fr\r\nBcc: victim@example.fr", subject: "Hi\r\nBcc: other@example.fr" },
      date,
      "m3@test",
    );
    expect(mime).not.toMatch(/^Bcc:/m);
  });

  it("encodes a subject with accents (RFC 2047)", () => {
    const mime = toMime(from, { ...mail, subject: "Relance : virement attendu" }, date, "m4@test");
    expect(mime).toContain("Subject: Relance : virement attendu");
    const accented = toMime(from, { ...mail, subject: "Commande annulée" }, date, "m5@test");
    const encoded = /^Subject: =\?UTF-8\?B\?([^?]+)\?=$/m.exec(accented)?.[1] as string;
    expect(Buffer.from(encoded, "base64").toString("utf8")).toBe("Commande annulée");
  });

  it("refuses a Content-ID that would break out of its brackets", () => {
    expect(() => toMime(from, { ...mail, inline: [{ ...qr, cid: "x>\r\nBcc: y" }] }, date, "m6")).toThrow(
      /Content-ID/,
    );
  });
});

describe("sesMailer", () => {
  it("has SES compose the mail: UTF-8 subject and bodies, the QR code inline under the Content-ID the HTML cites", async () => {
    const sent: SendEmailCommand[] = [];
    const mailer = sesMailer(from, { send: async (command) => void sent.push(command) });
    await mailer.send({ ...mail, subject: "Commande annulée\r\nBcc: x@evil.test", inline: [qr] });
    expect(sent).toHaveLength(1);
    const input = sent[0]?.input;
    expect(input?.FromEmailAddress).toBe(from);
    expect(input?.Destination?.ToAddresses).toEqual([mail.to]);
    expect(input?.Content?.Raw).toBeUndefined();
    const simple = input?.Content?.Simple;
    expect(simple?.Subject).toEqual({ Data: "Commande annulée Bcc: x@evil.test", Charset: "UTF-8" });
    expect(simple?.Body).toEqual({
      Text: { Data: mail.text, Charset: "UTF-8" },
      Html: { Data: mail.html, Charset: "UTF-8" },
    });
    expect(simple?.Attachments).toEqual([
      {
        RawContent: qr.content,
        ContentDisposition: "INLINE",
        ContentId: "virement-1@qr",
        ContentType: "image/png",
        ContentTransferEncoding: "BASE64",
        FileName: qr.filename,
      },
    ]);
  });

  it("sends no attachment list for a mail without images, and refuses a Content-ID that could break a header", async () => {
    expect(sesEmail(from, mail).Content?.Simple).not.toHaveProperty("Attachments");
    expect(() => sesEmail(from, { ...mail, inline: [{ ...qr, cid: "x>\r\nBcc: y" }] })).toThrow(/Content-ID/);
  });
});

describe("suppressingMailer (issue 27: addresses SES refused)", () => {
  const mail = { to: "lina@example.fr", subject: "Votre commande", text: "Bonjour", html: "<p>Bonjour</p>" };
  const recording = () => {
    const sent: string[] = [];
    return { sent, mailer: { send: async (m: { to: string }) => void sent.push(m.to) } };
  };
  const quiet = { info: () => {}, error: () => {} };

  it("skips a refused address without failing, and sends the others", async () => {
    const { sent, mailer } = recording();
    const refused = new Set(["lina@example.fr"]);
    const suppressing = suppressingMailer(mailer, async (to) => refused.has(to), quiet);
    await expect(suppressing.send(mail)).resolves.toBeUndefined();
    await suppressing.send({ ...mail, to: "ines@example.fr" });
    expect(sent).toEqual(["ines@example.fr"]);
  });

  it("sends when the list cannot be read: a lost confirmation is worse than one more bounce", async () => {
    const { sent, mailer } = recording();
    const errors: unknown[] = [];
    const suppressing = suppressingMailer(
      mailer,
      async () => {
        throw new Error("DynamoDB unavailable");
      },
      { info: () => {}, error: (...args: unknown[]) => errors.push(args) },
    );
    await suppressing.send(mail);
    expect(sent).toEqual(["lina@example.fr"]);
    expect(errors).toHaveLength(1);
  });
});

describe("a mail's extra headers (RFC 8058's one-click unsubscribe)", () => {
  const unsubscribe = {
    ...mail,
    headers: {
      "List-Unsubscribe": "<https://savon.example/api/x/abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };

  it("writes them in the local .eml and gives them to SES", () => {
    const mime = toMime(from, unsubscribe, date, "m9@test");
    expect(mime).toContain("\r\nList-Unsubscribe: <https://savon.example/api/x/abc>\r\n");
    expect(mime).toContain("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
    expect(sesEmail(from, unsubscribe).Content?.Simple?.Headers).toEqual([
      { Name: "List-Unsubscribe", Value: "<https://savon.example/api/x/abc>" },
      { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
    ]);
    expect(sesEmail(from, mail).Content?.Simple).not.toHaveProperty("Headers");
  });

  it("keeps a value on one line and refuses a name that could start another header", () => {
    const mime = toMime(from, { ...mail, headers: { "X-Test": "a\r\nBcc: x@example.fr" } }, date, "m10@test");
    expect(mime).not.toMatch(/^Bcc:/m);
    expect(() => toMime(from, { ...mail, headers: { "X: Bcc": "x" } }, date, "m11@test")).toThrow(
      /header name/,
    );
  });
});

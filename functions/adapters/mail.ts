import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** RFC 2047 encoding for a header that may hold accents. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value)
    ? value
    : `=?UTF-8?B?${Buffer.from(value, "utf8").toString("base64")}?=`;
}

/** A complete MIME message (text and HTML alternatives, UTF-8, base64 bodies): what SES or an .eml reader takes. */
export function toMime(from: string, mail: Mail, date: Date, messageId: string): string {
  const boundary = `alt-${randomUUID()}`;
  const part = (type: string, body: string) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}; charset=UTF-8`,
      "Content-Transfer-Encoding: base64",
      "",
      (
        Buffer.from(body, "utf8")
          .toString("base64")
          .match(/.{1,76}/g) ?? []
      ).join("\r\n"),
    ].join("\r\n");
  return [
    `From: ${encodeHeader(from)}`,
    `To: ${mail.to}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${messageId}>`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    part("text/plain", mail.text),
    part("text/html", mail.html),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

/** On a developer's machine: every mail becomes an .eml file under `<DATA_DIR>/mail/`. */
export function localMailer(directory: string, from: string): Mailer {
  return {
    async send(mail) {
      await mkdir(directory, { recursive: true });
      const now = new Date();
      const id = `${now.toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
      await writeFile(join(directory, `${id}.eml`), toMime(from, mail, now, `${id}@localhost`));
    },
  };
}

/** In AWS: Amazon SES v2, sending from the shop's verified identity. Loaded lazily to keep other paths light. */
export function sesMailer(from: string): Mailer {
  let client: import("@aws-sdk/client-sesv2").SESv2Client | undefined;
  return {
    async send(mail) {
      const { SESv2Client, SendEmailCommand } = await import("@aws-sdk/client-sesv2");
      client ??= new SESv2Client({});
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [mail.to] },
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: "UTF-8" },
              Body: {
                Text: { Data: mail.text, Charset: "UTF-8" },
                Html: { Data: mail.html, Charset: "UTF-8" },
              },
            },
          },
        }),
      );
    },
  };
}

/** MAIL_DIR set (local stack, tests): .eml files; otherwise SES from MAIL_FROM. */
export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer {
  const from = env.MAIL_FROM ?? "Savonnerie d'Alep <no-reply@savon-alep.local>";
  if (env.MAIL_DIR) return localMailer(env.MAIL_DIR, from);
  return sesMailer(from);
}

import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SendEmailCommandInput } from "@aws-sdk/client-sesv2";

/** An image the HTML part shows through `<img src="cid:...">` (the transfer's QR code), sent inside the mail. */
export interface InlineImage {
  /** The Content-ID, without angle brackets: letters, digits and `.-_@` only. */
  cid: string;
  filename: string;
  contentType: "image/png";
  content: Uint8Array;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  inline?: InlineImage[];
  /** Extra headers, such as RFC 8058's one-click `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A header value on one line: a CR or LF in it would start a header of its sender's choosing. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ");
}

function encodeHeader(value: string): string {
  const line = oneLine(value);
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line, "utf8").toString("base64")}?=`;
}

/** Base64 in lines of 76 characters (RFC 2045): every body stays 7-bit and far below SMTP's line limit. */
function base64Lines(content: Uint8Array): string {
  return (
    Buffer.from(content)
      .toString("base64")
      .match(/.{1,76}/g) ?? []
  ).join("\r\n");
}

const textPart = (type: string, body: string) => [
  `Content-Type: ${type}; charset=UTF-8`,
  "Content-Transfer-Encoding: base64",
  "",
  base64Lines(Buffer.from(body, "utf8")),
];

function multipart(type: string, parts: string[][]): string[] {
  const boundary = `${type.split("/")[1]}-${randomUUID()}`;
  return [
    `Content-Type: ${type}; boundary="${boundary}"`,
    "",
    ...parts.flatMap((part) => [`--${boundary}`, ...part]),
    `--${boundary}--`,
  ];
}

/** The mail's inline images, each Content-ID checked: one is written into a header, where CR LF would start another. */
function inlineImages(mail: Mail): InlineImage[] {
  const images = mail.inline ?? [];
  for (const image of images)
    if (!/^[A-Za-z0-9.\-_@]+$/.test(image.cid))
      throw new Error(`Invalid Content-ID for an inline image: ${image.cid}`);
  return images;
}

const safeFilename = (name: string) => name.replace(/[^\w.-]/g, "_");

/** A header's name checked (printable ASCII but the colon) and its value on one line: none can start another. */
function extraHeaders(mail: Mail): { name: string; value: string }[] {
  return Object.entries(mail.headers ?? {}).map(([name, value]) => {
    if (!/^[\x21-\x39\x3b-\x7e]{1,126}$/.test(name)) throw new Error(`Invalid mail header name: ${name}`);
    return { name, value: oneLine(value) };
  });
}

/**
 * The local mail folder's .eml files (SES composes its own: sesEmail). An HTML part with inline images goes in a
 * multipart/related (RFC 2387) inside the alternative, so a text-only reader sees no stray attachment.
 */
export function toMime(from: string, mail: Mail, date: Date, messageId: string): string {
  const images = inlineImages(mail);
  const html = textPart("text/html", mail.html);
  const htmlWithImages = images.length
    ? multipart("multipart/related", [
        html,
        ...images.map((image) => [
          `Content-Type: ${image.contentType}; name="${safeFilename(image.filename)}"`,
          "Content-Transfer-Encoding: base64",
          `Content-ID: <${image.cid}>`,
          `Content-Disposition: inline; filename="${safeFilename(image.filename)}"`,
          "",
          base64Lines(image.content),
        ]),
      ])
    : html;
  return [
    `From: ${encodeHeader(from)}`,
    `To: ${oneLine(mail.to)}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${messageId}>`,
    ...extraHeaders(mail).map(({ name, value }) => `${name}: ${value}`),
    "MIME-Version: 1.0",
    ...multipart("multipart/alternative", [textPart("text/plain", mail.text), htmlWithImages]),
    "",
  ].join("\r\n");
}

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

export interface SesClientLike {
  send(command: import("@aws-sdk/client-sesv2").SendEmailCommand): Promise<unknown>;
}

/**
 * SES composes the message itself (docs/decisions/039-mail-composed-by-ses.md): no MIME of ours goes to AWS. Loaded
 * lazily to keep other paths light.
 */
export function sesMailer(from: string, client?: SesClientLike): Mailer {
  let ses: SesClientLike | undefined = client;
  return {
    async send(mail) {
      const { SESv2Client, SendEmailCommand } = await import("@aws-sdk/client-sesv2");
      ses ??= new SESv2Client({});
      await ses.send(new SendEmailCommand(sesEmail(from, mail)));
    },
  };
}

export function sesEmail(from: string, mail: Mail): SendEmailCommandInput {
  const images = inlineImages(mail);
  const headers = extraHeaders(mail);
  return {
    FromEmailAddress: from,
    Destination: { ToAddresses: [mail.to] },
    Content: {
      Simple: {
        Subject: { Data: oneLine(mail.subject), Charset: "UTF-8" },
        Body: { Text: { Data: mail.text, Charset: "UTF-8" }, Html: { Data: mail.html, Charset: "UTF-8" } },
        ...(headers.length && { Headers: headers.map(({ name, value }) => ({ Name: name, Value: value })) }),
        ...(images.length && {
          Attachments: images.map((image) => ({
            RawContent: image.content,
            ContentDisposition: "INLINE" as const,
            ContentId: image.cid,
            ContentType: image.contentType,
            ContentTransferEncoding: "BASE64" as const,
            FileName: safeFilename(image.filename),
          })),
        }),
      },
    },
  };
}

/**
 * Skips the addresses SES refused: mailing them again would only raise the bounce rate AWS watches. A skip is not a
 * failure, so nothing is retried. When the check itself fails the mail is sent: a lost confirmation is worse.
 */
export function suppressingMailer(
  mailer: Mailer,
  isSuppressed: (to: string) => Promise<boolean>,
  log: Pick<Console, "info" | "error"> = console,
): Mailer {
  return {
    async send(mail) {
      const refused = await isSuppressed(mail.to).catch((error: unknown) => {
        log.error("Mail suppression list unreadable; sending anyway:", error);
        return false;
      });
      if (refused) {
        log.info(
          `Mail "${mail.subject}" not sent to ${mail.to.replace(/^(.).*(@.*)$/, "$1…$2")}: address refused by SES.`,
        );
        return;
      }
      await mailer.send(mail);
    },
  };
}

export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer {
  const from = env.MAIL_FROM ?? "Savonnerie d'Alep <no-reply@savon-alep.local>";
  if (env.MAIL_DIR) return localMailer(env.MAIL_DIR, from);
  return sesMailer(from);
}

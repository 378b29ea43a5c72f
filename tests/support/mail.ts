import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface ReadMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The inline images of the HTML part (the transfer's QR code), by Content-ID. */
  inline: { cid: string; contentType: string; content: Buffer }[];
}

function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?B\?([^?]+)\?=/gi, (_, b64: string) =>
    Buffer.from(b64, "base64").toString("utf8"),
  );
}

function part(raw: string, type: string): string {
  const match = new RegExp(
    `Content-Type: ${type}; charset=UTF-8\\r\\nContent-Transfer-Encoding: base64\\r\\n\\r\\n([^-]+)`,
  ).exec(raw);
  return match?.[1] ? Buffer.from(match[1].replace(/\s/g, ""), "base64").toString("utf8") : "";
}

/** Every part carrying a Content-ID: its type, its id (without brackets) and its decoded bytes. */
function inlineParts(raw: string): ReadMail["inline"] {
  const parts = raw.matchAll(
    /Content-Type: ([\w/.+-]+)[^\r\n]*\r\nContent-Transfer-Encoding: base64\r\nContent-ID: <([^>]+)>\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/g,
  );
  return [...parts].map(([, contentType, cid, body]) => ({
    cid: cid as string,
    contentType: contentType as string,
    content: Buffer.from((body as string).replace(/\s/g, ""), "base64"),
  }));
}

/** The .eml files the local mailer wrote, oldest first, decoded. */
export function readMails(directory: string): ReadMail[] {
  let files: string[];
  try {
    files = readdirSync(directory).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const raw = readFileSync(join(directory, file), "utf8");
    const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*)$`, "m").exec(raw)?.[1] ?? "");
    return {
      file,
      to: header("To"),
      subject: header("Subject"),
      text: part(raw, "text/plain"),
      html: part(raw, "text/html"),
      inline: inlineParts(raw),
    };
  });
}

/** The reset link of the newest reset mail sent to `to`. */
export function lastResetLink(directory: string, to: string): string | undefined {
  const mails = readMails(directory).filter((mail) => mail.to === to);
  return /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mails.at(-1)?.text ?? "")?.[0];
}

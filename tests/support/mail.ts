import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface ReadMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
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
    };
  });
}

/** The reset link of the newest reset mail sent to `to`. */
export function lastResetLink(directory: string, to: string): string | undefined {
  const mails = readMails(directory).filter((mail) => mail.to === to);
  return /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mails.at(-1)?.text ?? "")?.[0];
}

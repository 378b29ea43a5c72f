/** A multipart body (RFC 2046) read byte by byte, as SLS answers generateLabel: the binary label is never decoded. */

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
/** One character per byte, in slices for a large base64 label. */
function latin1(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return text;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  outer: for (let i = Math.max(0, from); i <= last; i++) {
    if (haystack[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** SLS quotes it: `boundary="uuid:…"`. */
export function boundaryOf(contentType: string): string | null {
  const match = /boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** For an answer without its header. */
export function boundaryFromBody(body: Uint8Array): string | null {
  let start = 0;
  while (body[start] === 0x0d || body[start] === 0x0a) start++;
  if (body[start] !== 0x2d || body[start + 1] !== 0x2d) return null;
  let end = start + 2;
  while (end < body.length && end - start < 200 && body[end] !== 0x0d && body[end] !== 0x0a) end++;
  const boundary = latin1(body.subarray(start + 2, end)).trim();
  return boundary || null;
}

export interface Part {
  headers: Map<string, string>;
  content: Uint8Array;
}

function readPart(bytes: Uint8Array): Part {
  let headerEnd = indexOf(bytes, ascii("\r\n\r\n"));
  let separator = 4;
  const bare = indexOf(bytes, ascii("\n\n"));
  if (headerEnd < 0 || (bare >= 0 && bare < headerEnd)) [headerEnd, separator] = [bare, 2];
  if (headerEnd < 0) return { headers: new Map(), content: bytes };
  const headers = new Map<string, string>();
  for (const line of latin1(bytes.subarray(0, headerEnd)).split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, content: bytes.subarray(headerEnd + separator) };
}

function delimiterEnds(body: Uint8Array, at: number): boolean {
  const next = body[at];
  return (
    next === undefined || next === 0x2d || next === 0x0d || next === 0x0a || next === 0x20 || next === 0x09
  );
}

/** The line break before a delimiter belongs to it: a PDF ending in a line break keeps it. Bare LFs are accepted. */
export function multipartParts(body: Uint8Array, boundary: string): Part[] | null {
  const delimiter = ascii(`--${boundary}`);
  let at = indexOf(body, delimiter);
  while (at >= 0 && !delimiterEnds(body, at + delimiter.length)) at = indexOf(body, delimiter, at + 1);
  if (at < 0) return null;
  const parts: Part[] = [];
  for (;;) {
    let cursor = at + delimiter.length;
    if (body[cursor] === 0x2d && body[cursor + 1] === 0x2d) return parts;
    while (body[cursor] === 0x20 || body[cursor] === 0x09) cursor++;
    if (body[cursor] === 0x0d) cursor++;
    if (body[cursor] !== 0x0a) return null;
    cursor++;
    let next = -1;
    let lineBreak = 2;
    for (const [separator, length] of [
      ["\r\n", 2],
      ["\n", 1],
    ] as const) {
      const needle = ascii(`${separator}--${boundary}`);
      let found = indexOf(body, needle, cursor - 1);
      while (found >= 0 && !delimiterEnds(body, found + needle.length))
        found = indexOf(body, needle, found + 1);
      if (found >= 0) {
        [next, lineBreak] = [found, length];
        break;
      }
    }
    if (next < 0) return null;
    parts.push(readPart(body.subarray(cursor, Math.max(cursor, next))));
    at = next + lineBreak;
  }
}

export function parameter(header: string | undefined, name: string): string | null {
  const match = new RegExp(`${name}\\s*=\\s*"?([^";\\s]+)`, "i").exec(header ?? "");
  return match?.[1] ?? null;
}

export function partBytes(part: Part): Uint8Array | null {
  if (part.headers.get("content-transfer-encoding")?.toLowerCase() !== "base64") return part.content;
  try {
    return Uint8Array.from(atob(latin1(part.content).replace(/\s+/g, "")), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** An unknown charset reads as UTF-8. */
export function decodeText(bytes: Uint8Array, charset: string | null): string {
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

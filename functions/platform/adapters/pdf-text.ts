/**
 * Standard Helvetica's WinAnsi holds 218 code points and pdf-lib throws on any other, but the law requires the
 * invoice whatever the customer typed. So a code point the font cannot encode is mapped to its equivalent, removed
 * when it prints nothing, or else replaced by « ? » (a Cyrillic name becomes « ? »s, never an empty line). Which
 * code points the font encodes is the font's to say (PDFFont.getCharacterSet()).
 */

/** Replaced by this when nothing sensible exists: visible, and in every font's WinAnsi set. */
export const UNPRINTABLE = "?";

const EQUIVALENTS: ReadonlyMap<number, string> = new Map([
  // Spaces that must not break (the narrow one groups fr-FR digits; the figure space aligns them).
  [0x202f, "\u00a0"],
  [0x2007, "\u00a0"],
  // Line breaks and tabs: the PDF draws one line per field.
  [0x0009, " "],
  [0x000a, " "],
  [0x000b, " "],
  [0x000c, " "],
  [0x000d, " "],
  [0x0085, " "],
  [0x2028, " "],
  [0x2029, " "],
  [0x2010, "-"],
  [0x2011, "-"],
  [0x2012, "-"],
  [0x2043, "-"],
  [0x2212, "-"],
  [0x2015, "\u2014"],
  [0x02bc, "\u2019"],
  [0x02bb, "\u2018"],
  [0x02b9, "'"],
  [0x02c8, "'"],
  [0x201b, "\u2018"],
  [0x201f, "\u201c"],
  [0x2032, "'"],
  [0x2033, '"'],
  [0x2035, "'"],
  [0x0131, "i"],
  [0x0141, "L"],
  [0x0142, "l"],
  [0x0110, "D"],
  [0x0111, "d"],
  [0x0126, "H"],
  [0x0127, "h"],
  [0x0166, "T"],
  [0x0167, "t"],
  [0x014a, "N"],
  [0x014b, "n"],
  [0x0138, "k"],
  [0x0189, "D"],
  [0x0256, "d"],
  [0x2024, "."],
  [0x2044, "/"],
  [0x2215, "/"],
  [0x2219, "\u00b7"],
  [0x22c5, "\u00b7"],
]);

/** Prints nothing: a mark the font cannot put on its letter, or a default-ignorable code point (zero width). */
const INVISIBLE = /^[\p{M}\p{Default_Ignorable_Code_Point}]$/u;
/** Any whitespace not in the table: a space (the Unicode spaces, from the ogham space mark to the ideographic one). */
const SPACE = /^\p{Zs}$/u;

function direct(char: string, encodable: (codePoint: number) => boolean): string | null {
  const codePoint = char.codePointAt(0) ?? 0;
  if (encodable(codePoint)) return char;
  const equivalent = EQUIVALENTS.get(codePoint);
  if (equivalent !== undefined && [...equivalent].every((c) => encodable(c.codePointAt(0) ?? 0)))
    return equivalent;
  if (INVISIBLE.test(char)) return "";
  if (SPACE.test(char)) return " ";
  return null;
}

function printable(char: string, encodable: (codePoint: number) => boolean): string {
  const found = direct(char, encodable);
  if (found !== null) return found;
  // Its compatibility decomposition without the marks: « ő » → « o », « ﬁ » → « fi », « Ａ » → « A ».
  const parts = [...char.normalize("NFKD")].map((part) => direct(part, encodable));
  const decomposed = parts.every((part) => part !== null) ? parts.join("") : "";
  return decomposed || UNPRINTABLE;
}

/** Composed first: « e » + U+0301 is the font's « é ». */
export function pdfText(value: string, encodable: (codePoint: number) => boolean): string {
  let out = "";
  for (const char of value.normalize("NFC")) out += printable(char, encodable);
  return out;
}

/** The code points every one of the fonts encodes (a document mixes the regular and the bold face). */
export function encodableByAll(
  fonts: readonly { getCharacterSet(): number[] }[],
): (codePoint: number) => boolean {
  const [first, ...rest] = fonts.map((font) => new Set(font.getCharacterSet()));
  return (codePoint) => Boolean(first?.has(codePoint)) && rest.every((set) => set.has(codePoint));
}

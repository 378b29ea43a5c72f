/**
 * Text a visitor typed (a name, an address line), printed in a mail the shop sends: mail clients turn what looks
 * like an address on the web, an e-mail address or a phone number into a link, in the text part as in the HTML
 * part, so a stranger could make the shop's genuine mail carry her link or her premium-rate number to anyone.
 *
 * A word joiner (U+2060: invisible, no width, no line break) goes before each character that would join such a
 * pattern: the dots, at-signs, colons and slashes inside a word, and each digit after the first of a run of 6 digits
 * or more. No linkifier accepts it inside an address or a number. The HTML part also puts each such character in an
 * element of its own (functions/mail/layout.ts escapeHtml), which the clients that drop invisible characters do not
 * join either. What an ordinary customer types (« 12 bis, av. du Général », « Bât. B ») has none of these and is
 * left exactly as typed, so the owner can copy it onto a parcel.
 */
export const WORD_JOINER = "\u2060";

/** Punctuation inside a word (a non-space character on both sides): « evil.example », « a@b », « https://x ». */
const JOINING = /(?<=\S)[.@:/](?=\S)/g;

/** A phone-like run: 6 digits or more, maybe after a « + », with single spaces, dots or dashes between them. */
const DIGITS = /\+?\d(?:[ .-]?\d){5,}/g;

/** The visitor's text with a word joiner before each character that would make it a link (see above). */
export function inertText(text: string): string {
  const clean = text.replaceAll(WORD_JOINER, "");
  const joints = new Set<number>();
  for (const match of clean.matchAll(JOINING)) joints.add(match.index);
  for (const match of clean.matchAll(DIGITS)) {
    let first = true;
    for (let i = match.index; i < match.index + match[0].length; i++) {
      if (!/\d/.test(clean[i] ?? "")) continue;
      if (!first) joints.add(i);
      first = false;
    }
  }
  let out = "";
  for (let i = 0; i < clean.length; i++) out += `${joints.has(i) ? WORD_JOINER : ""}${clean[i]}`;
  return out;
}

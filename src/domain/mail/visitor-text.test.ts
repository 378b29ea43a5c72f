import { describe, expect, it } from "vitest";
import { inertText, WORD_JOINER } from "./visitor-text";

const shown = (text: string) => text.replaceAll(WORD_JOINER, "");

describe("inertText: a visitor's words that no mail client turns into a link", () => {
  it.each([
    [
      "Jean https://evil.example",
      `Jean https${WORD_JOINER}:${WORD_JOINER}/${WORD_JOINER}/evil${WORD_JOINER}.example`,
    ],
    ["www.evil.example", `www${WORD_JOINER}.evil${WORD_JOINER}.example`],
    ["evil@example.com", `evil${WORD_JOINER}@example${WORD_JOINER}.com`],
    [
      "appelez le 08 99 12 34 56",
      `appelez le 0${WORD_JOINER}8 ${WORD_JOINER}9${WORD_JOINER}9 ${WORD_JOINER}1${WORD_JOINER}2 ${WORD_JOINER}3${WORD_JOINER}4 ${WORD_JOINER}5${WORD_JOINER}6`,
    ],
  ])("%s: a joiner inside each pattern, the same text once shown", (typed, inert) => {
    expect(inertText(typed)).toBe(inert);
    expect(shown(inertText(typed))).toBe(typed);
  });

  it("breaks numbers written without spaces, with dots or dashes, or from abroad", () => {
    for (const typed of ["0899123456", "08.99.12.34.56", "08-99-12-34-56", "+33 8 99 12 34 56"]) {
      const inert = inertText(typed);
      expect(inert).not.toMatch(/\d[ .-]?\d/);
      expect(shown(inert)).toBe(typed);
    }
  });

  it("leaves an ordinary name or address as typed", () => {
    for (const typed of [
      "Jean-Pierre O'Neil",
      "12 bis, av. du Général-de-Gaulle",
      "Bât. B, 3e étage",
      "75011 Paris",
      "BP 12345",
    ])
      expect(inertText(typed)).toBe(typed);
  });

  it("a joiner the visitor typed herself is dropped, not doubled", () => {
    expect(inertText(`evil${WORD_JOINER}.example`)).toBe(`evil${WORD_JOINER}.example`);
    expect(inertText(`Jea${WORD_JOINER}n`)).toBe("Jean");
  });
});

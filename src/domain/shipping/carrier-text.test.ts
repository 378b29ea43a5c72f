import { describe, expect, it } from "vitest";
import { CARRIER_TEXT_MAX, carrierText } from "./carrier-text";

/** Any character a person reading the text would not see as such. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u;

describe("carrierText", () => {
  it("keeps a carrier's ordinary French as it is", () => {
    expect(carrierText("Votre colis est en cours d’acheminement.", 200)).toBe(
      "Votre colis est en cours d’acheminement.",
    );
    expect(carrierText("  BUREAU DE POSTE  AVIGNON  ", 64)).toBe("BUREAU DE POSTE AVIGNON");
  });

  it.each([
    ["NUL and ESC", "Code\u0000 postal \u001b[31minvalide", "Code postal [31minvalide"],
    ["line breaks and tabs", "Le code postal\r\nest\tinvalide", "Le code postal est invalide"],
    ["DEL and C1 controls", "Poids\u007f du\u0085 colis\u009b", "Poids du colis"],
    ["bidirectional overrides", "Relais \u202eSIRAP\u202c Tabac", "Relais SIRAP Tabac"],
    ["zero-width characters", "Re\u200blais\u2060 \ufeffTabac", "Relais Tabac"],
    ["line and paragraph separators", "Relais\u2028Tabac\u2029Presse", "Relais Tabac Presse"],
    ["a lone surrogate", "Relais \ud800Tabac", "Relais Tabac"],
    ["tags", 'Erreur <b>grave</b><script src="x"></script><img src=x onerror=alert(1)>', "Erreur grave"],
  ])("removes %s", (_, raw, clean) => {
    expect(carrierText(raw, 200)).toBe(clean);
  });

  it("keeps what only looks like markup, and accented and non-Latin letters", () => {
    expect(carrierText("Poids < 30 kg, 5<10", 200)).toBe("Poids < 30 kg, 5<10");
    expect(carrierText("Relais « Chez Zoé » 📦 مرحبا", 200)).toBe("Relais « Chez Zoé » 📦 مرحبا");
  });

  it("cuts a long text at its limit, on a word when it can, and says so", () => {
    const cut = carrierText(`Le colis ${"est en route ".repeat(40)}`, 50);
    expect(Array.from(cut).length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/^Le colis est en route est en route .*route…$/);
    const word = carrierText("A".repeat(80), 20);
    expect(word).toBe(`${"A".repeat(19)}…`);
  });

  it("never splits a character made of two code units", () => {
    const cut = carrierText("📦".repeat(30), 10);
    expect(Array.from(cut)).toHaveLength(10);
    expect(cut).not.toMatch(INVISIBLE);
  });

  it("answers '' for what is not text", () => {
    for (const value of [undefined, null, 42, {}, ["a"]]) expect(carrierText(value, 10)).toBe("");
  });

  it("bounds the 5,081-character refusal a hostile answer sent", () => {
    const hostile = `Refus\u0000\u001b[2J<h1>Appelez le 08 99 00 00 00</h1>${"x".repeat(5000)}`;
    const clean = carrierText(hostile, CARRIER_TEXT_MAX.refusalReason);
    expect(Array.from(clean).length).toBeLessThanOrEqual(CARRIER_TEXT_MAX.refusalReason);
    expect(clean).not.toMatch(INVISIBLE);
    expect(clean).not.toMatch(/[<>]/);
    expect(clean.startsWith("Refus[2J Appelez le 08 99 00 00 00 x")).toBe(true);
  });
});

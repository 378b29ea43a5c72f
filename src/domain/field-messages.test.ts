import { describe, expect, it } from "vitest";
import * as z from "zod";
import { shopErrorMap } from "./field-messages";

/** The message a schema without its own gives for `value`, in the shop's words. */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  return schema.safeParse(value, { error: shopErrorMap }).error?.issues[0]?.message;
}

describe("the shop's words for a field a schema gives no message of its own", () => {
  it.each([
    ["a missing field", z.string(), undefined, "Ce champ est obligatoire."],
    ["a number for a text", z.string(), 12, "Ce champ doit être un texte."],
    ["a text for a number", z.number(), "douze", "Ce champ doit être un nombre."],
    ["a fraction for an integer", z.number().int(), 1.5, "Ce champ doit être un nombre entier."],
    ["a text for a yes or no", z.boolean(), "oui", "Ce champ doit valoir vrai ou faux."],
    ["a text for a list", z.array(z.string()), "liste", "Ce champ doit être une liste."],
    ["an empty required text", z.string().min(1), "", "Ce champ est obligatoire."],
    ["a text too short", z.string().min(6), "abc", "Ce texte est trop court : 6 caractères au moins."],
    [
      "a text too long",
      z.string().max(40),
      "x".repeat(41),
      "Ce texte est trop long : 40 caractères au plus.",
    ],
    ["a one-letter bound", z.string().max(1), "xx", "Ce texte est trop long : 1 caractère au plus."],
    ["an exact length", z.string().length(5), "123", "Ce texte doit compter exactement 5 caractères."],
    [
      "a number too large",
      z.number().max(1_000_000),
      2e6,
      "Ce nombre est trop grand : 1\u202f000\u202f000 au plus.",
    ],
    ["an integer past every bound", z.number().int(), 1e300, "Ce nombre est trop grand."],
    ["a negative integer past every bound", z.number().int(), -1e300, "Ce nombre est trop petit."],
    ["a negative amount", z.number().min(0), -1, "Ce nombre ne peut pas être négatif."],
    ["a quantity under 1", z.number().min(1), 0, "Ce nombre est trop petit : 1 au moins."],
    ["a number not positive", z.number().positive(), 0, "Ce nombre doit être supérieur à 0."],
    ["a number not under its bound", z.number().lt(10), 10, "Ce nombre doit être inférieur à 10."],
    ["cents past the second", z.number().multipleOf(0.01), 1.234, "Ce nombre doit être un multiple de 0,01."],
    ["an empty list", z.array(z.string()).min(1), [], "Cette liste ne peut pas être vide."],
    [
      "a list too long",
      z.array(z.string()).max(30),
      Array(31).fill("x"),
      "Cette liste est trop longue : 30 éléments au plus.",
    ],
    ["an e-mail", z.email(), "jeanne@", "Adresse e-mail invalide."],
    ["a day", z.iso.date(), "2026-13-01", "Date invalide : AAAA-MM-JJ attendu."],
    ["a moment", z.iso.datetime(), "demain", "Date et heure invalides : AAAA-MM-JJTHH:MM:SSZ attendu."],
    ["a pattern", z.string().regex(/^\d+$/), "abc", "Format invalide."],
    [
      "a choice not offered",
      z.enum(["home", "pickup"]),
      "drone",
      "Cette valeur ne fait pas partie des choix proposés.",
    ],
    ["a literal", z.literal("bank_transfer"), "cash", "Cette valeur ne fait pas partie des choix proposés."],
    ["no branch of a union", z.union([z.string(), z.number()]), {}, "Valeur invalide."],
    ["an unknown field", z.strictObject({}), { couleur: 1 }, "Champ inconnu : « couleur »."],
    ["unknown fields", z.strictObject({}), { a: 1, b: 2 }, "Champs inconnus : « a », « b »."],
  ])("%s", (_label, schema, value, message) => {
    expect(messageOf(schema, value)).toBe(message);
  });

  it("quotes at most three unknown names, each cut to 40 characters: they are the sender's text", () => {
    const sent = Object.fromEntries(["a", "b", "c", "d"].map((key) => [key.repeat(60), 1]));
    expect(messageOf(z.strictObject({}), sent)).toBe(
      `Champs inconnus : ${["a", "b", "c"].map((key) => `« ${key.repeat(40)}… »`).join(", ")}….`,
    );
  });

  it("leaves a schema's own message as it is", () => {
    expect(messageOf(z.string().max(3, "Le code est trop long."), "abcd")).toBe("Le code est trop long.");
  });
});

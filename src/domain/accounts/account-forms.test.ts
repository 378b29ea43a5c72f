import { describe, expect, it } from "vitest";
import * as schemas from "./account";
import { displayName, passwordChangeError, passwordMessages, passwordResetError } from "./account-forms";

describe("displayName", () => {
  it.each([
    [{ full_name: "Marie Curie", email: "marie@example.fr" }, "Marie Curie"],
    [{ full_name: "  ", email: "marie.c@example.fr" }, "marie.c"],
    [{ full_name: null, email: null }, "Utilisateur"],
    [{ email: "@example.fr" }, "Utilisateur"],
    [{}, "Utilisateur"],
  ])("displayName(%j) is %j", (user, name) => {
    expect(displayName(user)).toBe(name);
  });
});

describe("passwordChangeError (profile)", () => {
  const ok = { currentPassword: "ancien-mdp", newPassword: "nouveau1", confirmation: "nouveau1" };
  it.each([
    [{ ...ok }, null],
    [{ ...ok, confirmation: "nouveau2" }, "Les nouveaux mots de passe ne correspondent pas."],
    [
      { ...ok, newPassword: "abc", confirmation: "abc" },
      "Le nouveau mot de passe doit contenir au moins 6 caractères.",
    ],
    [{ ...ok, newPassword: "abc", confirmation: "abd" }, "Les nouveaux mots de passe ne correspondent pas."],
    [{ ...ok, currentPassword: "" }, "Le mot de passe actuel est obligatoire."],
    [{ ...ok, newPassword: "123456", confirmation: "123456" }, null],
  ])("%j -> %j", (input, message) => {
    expect(passwordChangeError(input)).toBe(message);
  });

  it("accepts what the API's change schema accepts", () => {
    expect(
      schemas.changePasswordSchema.safeParse({ currentPassword: "x", newPassword: "123456" }).success,
    ).toBe(true);
    expect(
      schemas.changePasswordSchema.safeParse({ currentPassword: "x", newPassword: "12345" }).success,
    ).toBe(false);
  });
});

describe("passwordResetError", () => {
  const ok = { token: "abc", newPassword: "secret1", confirmation: "secret1" };
  it.each([
    [{ ...ok }, null],
    [{ ...ok, token: null }, "Token de réinitialisation manquant."],
    [{ ...ok, token: "" }, "Token de réinitialisation manquant."],
    [{ ...ok, confirmation: "secret2" }, "Les mots de passe ne correspondent pas."],
    [
      { ...ok, newPassword: "12345", confirmation: "12345" },
      "Le mot de passe doit contenir au moins 6 caractères.",
    ],
  ])("%j -> %j", (input, message) => {
    expect(passwordResetError(input)).toBe(message);
  });

  it("uses the spec's texts verbatim", () => {
    expect(passwordMessages.resetSuccess).toBe(
      "Votre mot de passe a été réinitialisé avec succès ! Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.",
    );
    expect(passwordMessages.changeSuccess).toBe("Votre mot de passe a été modifié avec succès !");
  });
});

import { z } from "zod";

/** E-mails are compared trimmed and lower-cased, so "Marie@Example.fr " and "marie@example.fr" are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const emailSchema = z
  .string()
  .trim()
  .min(1, "L'adresse e-mail est obligatoire.")
  .max(254)
  .pipe(z.email("Adresse e-mail invalide."))
  .transform(normalizeEmail);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`)
  .max(PASSWORD_MAX_LENGTH, `Le mot de passe doit contenir au plus ${PASSWORD_MAX_LENGTH} caractères.`);

/** The user menu's name: full name, else the part of the e-mail before @, else 'Utilisateur' (spec). */
export function displayName(user: { full_name?: string | null; email?: string | null }): string {
  const fullName = user.full_name?.trim();
  if (fullName) return fullName;
  const local = user.email?.split("@")[0]?.trim();
  return local || "Utilisateur";
}

import * as z from "zod";

import { displayName, normalizeEmail, PASSWORD_MIN_LENGTH } from "./account-forms";

// Zod-free rules the islands also use: defined once in account-forms.ts.
export { displayName, normalizeEmail, PASSWORD_MIN_LENGTH };
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

export const signupSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  fullName: z.string().trim().min(1, "Le nom complet est obligatoire.").max(120),
});

export const signinSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, "Le mot de passe est obligatoire.").max(PASSWORD_MAX_LENGTH),
});

export const forgotPasswordSchema = z.strictObject({ email: emailSchema });

export const resetPasswordSchema = z.strictObject({
  token: z.string().min(1, "Token de réinitialisation manquant.").max(200),
  newPassword: passwordSchema,
});

/** « Supprimer mon compte »: the password confirms it is the account's owner (GDPR art. 17, self-service). */
export const accountDeletionSchema = z.strictObject({
  password: z.string().min(1, "Saisissez votre mot de passe pour confirmer.").max(PASSWORD_MAX_LENGTH),
});

export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, "Le mot de passe actuel est obligatoire.").max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});

/** PUT /api/user/profile: only the full name and the phone; the e-mail is not editable. */
export const profileUpdateSchema = z.strictObject({
  full_name: z.string().trim().max(120),
  phone: z.string().trim().max(20),
});

/** The signed-in user as the API answers it (never the password hash). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  phone: z.string(),
  is_admin: z.boolean(),
  created_at: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Sessions last 30 days, extended while the customer keeps coming back (api.md). */
export const SESSION_DAYS = 30;
/** Reset links expire after 60 minutes and work once. */
export const RESET_TOKEN_MINUTES = 60;
/** At most one "sign-in locked" mail per account in any hour (its reset link is valid that long). */
export const SIGNIN_LOCK_NOTICE_MINUTES = 60;
